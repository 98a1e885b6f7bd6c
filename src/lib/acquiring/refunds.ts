import { z } from "zod"
import type { RefundRecord } from "../../gateway/schemas/transactions"
import type { RefundResult } from "../../gateway/schemas/batch"
import { REFUND_STATUS } from "../../gateway/status-codes"
import { cents, fromCents } from "./money"

export const TrackedRefund = z.object({
  refund_reference_id: z.string(),
  refund_amount: z.string(),
  refund_status: z.string(),
  refund_message: z.string().optional(),
  /** Medusa refund id (the idempotency key) when it came through Medusa; absent for portal refunds. */
  medusa_refund_id: z.string().optional(),
  refund_date: z.string().optional(),
  /** A refund the gateway already made: the next Medusa refund of that amount records it (claimRefund). */
  claim: z.boolean().optional(),
})
export type TrackedRefund = z.infer<typeof TrackedRefund>

export function parseTracked(value: unknown): TrackedRefund[] {
  const r = z.array(TrackedRefund).safeParse(value ?? [])
  return r.success ? r.data : []
}

export function fromRefundResult(r: RefundResult, medusaRefundId?: string): TrackedRefund {
  return {
    refund_reference_id: r.refund_reference_id,
    refund_amount: r.refund_amount,
    refund_status: r.refund_status,
    refund_message: r.refund_message,
    ...(medusaRefundId ? { medusa_refund_id: medusaRefundId } : {}),
  }
}

/** Merge by refund_reference_id: gateway records update known refunds and add portal ones; Medusa ids stay. */
export function mergeRefunds(known: TrackedRefund[], records: Array<RefundRecord | TrackedRefund>): TrackedRefund[] {
  const byRef = new Map(known.map((r) => [r.refund_reference_id, { ...r }]))
  for (const rec of records) {
    if (!rec.refund_reference_id) continue
    const prev = byRef.get(rec.refund_reference_id)
    byRef.set(rec.refund_reference_id, {
      ...prev,
      refund_reference_id: rec.refund_reference_id,
      refund_amount: rec.refund_amount,
      refund_status: rec.refund_status,
      ...("refund_date" in rec && rec.refund_date ? { refund_date: rec.refund_date } : {}),
      ...((medusaId(prev) ?? medusaId(rec)) ? { medusa_refund_id: medusaId(prev) ?? medusaId(rec) } : {}),
    })
  }
  return [...byRef.values()].sort((a, b) => a.refund_reference_id.localeCompare(b.refund_reference_id))
}

const medusaId = (r: unknown) =>
  r && typeof r === "object" && typeof (r as TrackedRefund).medusa_refund_id === "string"
    ? (r as TrackedRefund).medusa_refund_id
    : undefined

export function refundedTotal(refunds: TrackedRefund[]): string {
  return fromCents(
    refunds
      .filter((r) => r.refund_status !== REFUND_STATUS.FAILED)
      .reduce((s, r) => s + cents(Number.isNaN(Number(r.refund_amount)) ? "0.00" : normalise(r.refund_amount)), 0n),
  )
}

const normalise = (a: string) => (/^\d+$/.test(a) ? `${a}.00` : /^\d+\.\d$/.test(a) ? `${a}0` : a)

export function claimRefund(known: TrackedRefund[], amount: string, key: string): TrackedRefund[] | null {
  const i = known.findIndex(
    (r) => r.claim && !r.medusa_refund_id && r.refund_amount && normalise(r.refund_amount) === amount,
  )
  if (i < 0) return null
  const { claim: _claim, ...rest } = known[i]
  return known.map((r, j) => (j === i ? { ...rest, medusa_refund_id: key } : r))
}

/** Marks the gateway refund as this Medusa refund, so a lost answer or a refund notification can match it. */
export const medusaRefundReason = (key?: string) => (key ? `Medusa refund ${key}` : "Medusa refund")

export const medusaRefundIdOf = (reason: unknown): string | undefined =>
  typeof reason === "string" ? /^Medusa refund (\S+)$/.exec(reason)?.[1] : undefined
