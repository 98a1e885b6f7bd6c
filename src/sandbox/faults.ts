import { z } from "zod"
import { OPERATIONS } from "../gateway/operations-table"
import { firstIssue } from "../gateway/zod-issues"
import { ControlError } from "./control-error"
import { Prng } from "./prng"

/** Targets: an operation, "api" (all nine), "pages" or "notifications"; "admin" is never faulted. Every fault is bounded. */
export const HTTP_TARGETS = [...OPERATIONS, "api", "pages"] as const
export const FAULT_TARGETS = [...HTTP_TARGETS, "notifications"] as const
export type FaultTarget = (typeof FAULT_TARGETS)[number]

const common = {
  /** Seeded, so deterministic for a seed. */
  probability: z.number().min(0).max(1).default(1),
  /** Fire on at most the next N matching requests, then disappear. */
  count: z.number().int().min(1).max(10_000).optional(),
}
/** after_effect: the request takes effect, then the answer is lost (retry-safety tests). */
const afterEffect = { after_effect: z.boolean().default(false) }

const HttpFault = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("latency"), latency_ms: z.number().int().min(0).max(60_000), ...common }),
  z.object({
    kind: z.literal("error"),
    status: z.number().int().min(500).max(599).default(503),
    ...afterEffect,
    ...common,
  }),
  z.object({ kind: z.literal("reset"), ...afterEffect, ...common }),
  /** Never answers; the socket is closed after timeout_ms (bounded by timeout_fault_max_ms). */
  z.object({
    kind: z.literal("timeout"),
    timeout_ms: z.number().int().min(1).max(120_000).optional(),
    ...afterEffect,
    ...common,
  }),
])
const NotificationFault = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("duplicate"), ...common }),
  z.object({ kind: z.literal("delay"), delay_ms: z.number().int().min(0).max(600_000), ...common }),
  z.object({ kind: z.literal("drop"), ...common }),
  /** Held back until the next notification has gone out (or hold_ms passed). */
  z.object({
    kind: z.literal("out_of_order"),
    hold_ms: z.number().int().min(1).max(600_000).default(2_000),
    ...common,
  }),
])

export const FaultInput = z.union([
  z.object({ target: z.enum(HTTP_TARGETS) }).and(HttpFault),
  z.object({ target: z.literal("notifications") }).and(NotificationFault),
])
export type FaultInput = z.input<typeof FaultInput>
export type Fault = z.infer<typeof FaultInput> & { id: number; fired: number }
export type HttpFault = Extract<Fault, { kind: "latency" | "error" | "reset" | "timeout" }>
export type NotifyFault = Extract<Fault, { kind: "duplicate" | "delay" | "drop" | "out_of_order" }>

export class Faults {
  private list: Fault[] = []
  private nextId = 1

  constructor(private readonly prng: Prng) {}

  add(input: unknown): Fault {
    const parsed = FaultInput.safeParse(input)
    if (!parsed.success) {
      const { path, message } = firstIssue(parsed.error, { fallback: "fault" })
      throw new ControlError(400, `invalid fault ${path}: ${message} (targets: ${FAULT_TARGETS.join(", ")})`, path)
    }
    const fault = { ...parsed.data, id: this.nextId++, fired: 0 } as Fault
    this.list.push(fault)
    return fault
  }

  /** Remove faults of one target, one id, or all. */
  clear(which?: FaultTarget | number): number {
    const before = this.list.length
    this.list =
      which === undefined
        ? []
        : this.list.filter((f) => (typeof which === "number" ? f.id !== which : f.target !== which))
    return before - this.list.length
  }

  active(): Fault[] {
    return this.list.map((f) => ({ ...f }))
  }

  /** Faults that fire now for a target (consumes counts); "api" also matches every operation. */
  roll(target: FaultTarget): Fault[] {
    if (!this.list.length) return []
    const fired: Fault[] = []
    for (const fault of this.list) {
      const matches =
        fault.target === target || (fault.target === "api" && (OPERATIONS as readonly string[]).includes(target))
      if (!matches) continue
      if (this.prng.next() >= fault.probability) continue
      fault.fired++
      if (fault.count !== undefined) fault.count--
      fired.push(fault)
    }
    this.list = this.list.filter((f) => f.count === undefined || f.count > 0)
    return fired.map((f) => ({ ...f }))
  }
}
