import type { AddressInfo } from "node:net"
import {
  apm,
  pay,
  portal,
  type DisputeInput,
  type DisputeOutcome,
  type OrderRef,
  type OrderView,
  type PayInput,
} from "./control"
import { SandboxCore } from "./core"
import type { ResolvedDialect } from "./dialect"
import type { Fault, FaultInput, FaultTarget } from "./faults"
import { inspection } from "./http/admin"
import { createSandboxServer } from "./http/server"
import type { NotificationRecord } from "./notifications"
import {
  parseSandboxOptions,
  type ResolvedSandboxOptions,
  type SandboxMerchant,
  type SandboxOptionsInput,
} from "./options"
import { inspectOrder } from "./records"
import type { RequestLogEntry } from "./request-log"
import type { HeardReading, ReadingsView, ReceivedReading } from "./silent-points"

export { TEST_CARDS, THREE_DS_CODE, cardOutcome, luhnValid, type TestCard } from "./test-cards"
export {
  DEFAULT_MERCHANTS,
  SandboxOptions,
  SandboxOptionsError,
  parseSandboxOptions,
  type SandboxOptionsInput,
} from "./options"
export { ENTRY_CODES, ORDER_INFO } from "./codes"
export {
  DOCUMENTED_ANSWER_TYPES,
  DOCUMENTED_ENCODINGS,
  PRESETS,
  resolveDialect,
  type ResolvedDialect,
  type SignatureCase,
} from "./dialect"
export type { SandboxDialectPreset, SandboxReadings } from "./options"
export {
  PAYOUT_ENCODINGS,
  SELECTION_NAMINGS,
  SILENT_POINTS,
  SandboxPins,
  type ResolvedPins,
  type SelectionNaming,
  type SilentPoint,
} from "./silent-points"
export type {
  OrderRef,
  OrderView,
  PayInput,
  DisputeInput,
  DisputeOutcome,
  Fault,
  FaultInput,
  FaultTarget,
  NotificationRecord,
  RequestLogEntry,
  HeardReading,
  ReadingsView,
  ReceivedReading,
}

export interface Sandbox {
  url: string
  port: number
  host: string
  seed: number
  options: ResolvedSandboxOptions
  dialect: ResolvedDialect
  /** Test keys: this is a sandbox. */
  merchants: SandboxMerchant[]
  stop(): Promise<void>
  inspect: {
    orders(): OrderView[]
    order(ref: OrderRef | string): OrderView | undefined
    notifications(): NotificationRecord[]
    requests(): RequestLogEntry[]
    payouts(): Array<Record<string, unknown>>
    readings(): ReadingsView
  }
  faults: {
    add(fault: FaultInput): Fault
    clear(which?: FaultTarget | number): number
    list(): Fault[]
  }
  clock: {
    now(): number
    advance(ms: number): number
  }
  notifications: {
    list(): NotificationRecord[]
    /** Resolves once no notification is pending or held (or after timeoutMs). */
    settle(timeoutMs?: number): Promise<boolean>
  }
  shopper: {
    pay(ref: OrderRef | string, input?: PayInput): OrderView
    apm(ref: OrderRef | string, approve: boolean): OrderView
  }
  portal: {
    capture(ref: OrderRef | string, amount?: string): OrderView
    cancel(ref: OrderRef | string): OrderView
    refund(ref: OrderRef | string, amount?: string, reason?: string): OrderView
    review(ref: OrderRef | string, accept: boolean): OrderView
    /** Sends a signed `dispute` notification (status opened). */
    openDispute(ref: OrderRef | string, input: DisputeInput): OrderView
    closeDispute(ref: OrderRef | string, outcome: DisputeOutcome, dispute_id?: string): OrderView
  }
}

const toRef = (r: OrderRef | string): OrderRef =>
  typeof r === "string" ? (/^T\d+$/.test(r) ? { transaction_id: r } : { order_no: r }) : r

function dialectOf(o: ResolvedSandboxOptions): ResolvedDialect {
  return {
    preset: o.dialect,
    lenient: o.lenient,
    notifications: { dialect: o.notifications.dialect, signature_case: o.notifications.signature_case },
    readings: { ...o.readings },
    accepted_encodings: o.accepted_encodings,
    xml_request_root: o.pin.xml_request_root,
    pin: o.pin,
  }
}

/** Port 0 picks a free port. */
export async function startSandbox(input: SandboxOptionsInput = {}): Promise<Sandbox> {
  const options = parseSandboxOptions(input)
  const core = new SandboxCore(options)
  const server = createSandboxServer(core)
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(options.port, options.host, () => resolve())
  })
  const port = (server.address() as AddressInfo).port
  const hostForUrl = options.host.includes(":") ? `[${options.host}]` : options.host
  const url = (options.public_url ?? `http://${hostForUrl}:${port}`).replace(/\/$/, "")
  core.baseUrl = url
  const view = inspection(core)
  let stopped: Promise<void> | undefined

  return {
    url,
    port,
    host: options.host,
    seed: core.seed,
    options,
    dialect: dialectOf(options),
    merchants: options.merchants,
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        core.stop()
        server.close(() => resolve())
        server.closeAllConnections()
      })
      return stopped
    },
    inspect: {
      ...view,
      order(r) {
        const o = core.store.find(toRef(r))
        return o ? inspectOrder(o) : undefined
      },
    },
    faults: {
      add: (f) => core.faults.add(f),
      clear: (w) => core.faults.clear(w),
      list: () => core.faults.active(),
    },
    clock: { now: () => core.clock.now(), advance: (ms) => core.clock.advance(ms) },
    notifications: {
      list: () => core.notifier.list(),
      async settle(timeoutMs = 10_000) {
        const until = Date.now() + timeoutMs
        while (core.notifier.busy()) {
          if (Date.now() > until) return false
          await new Promise((r) => setTimeout(r, 5))
        }
        return true
      },
    },
    shopper: {
      pay: (r, i) => pay(core, toRef(r), i),
      apm: (r, approve) => apm(core, toRef(r), approve),
    },
    portal: {
      capture: (r, amount) => portal.capture(core, toRef(r), amount),
      cancel: (r) => portal.cancel(core, toRef(r)),
      refund: (r, amount, reason) => portal.refund(core, toRef(r), amount, reason),
      review: (r, accept) => portal.review(core, toRef(r), accept),
      openDispute: (r, input) => portal.openDispute(core, toRef(r), input),
      closeDispute: (r, outcome, id) => portal.closeDispute(core, toRef(r), outcome, id),
    },
  }
}
