import type { BatchResult } from "../../../gateway/client-types"
import { ENTRY_STATUS, REFUND_STATUS } from "../../../gateway/status-codes"

/** Per-order verdict of a batch call: ok, or the refusal text (never throws for one order). */
export type EntryVerdict = { ok: true; entry: Record<string, unknown> } | { ok: false; error: string }

const okOf: Record<string, (e: Record<string, unknown>) => boolean> = {
  capture: (e) => e.capture_status === ENTRY_STATUS.OK,
  cancel: (e) => e.cancel_status === ENTRY_STATUS.OK,
  review: (e) => e.review_status === ENTRY_STATUS.OK,
  refund: (e) => e.refund_status === REFUND_STATUS.REFUNDED || e.refund_status === REFUND_STATUS.PROCESSING,
}

/**
 * Verdict per order_no of a split batch: entries of requests that answered, and every order of
 * a request that failed as a whole (network, timeout, gateway error) marked with that error.
 */
export function verdicts(
  op: keyof typeof okOf,
  sent: string[],
  res: Pick<BatchResult<Record<string, unknown>, { order_no: string }, unknown>, "results" | "failed">,
): Map<string, EntryVerdict> {
  const out = new Map<string, EntryVerdict>()
  for (const f of res.failed) {
    const code = f.error.code ? ` ${f.error.code}` : ""
    for (const o of f.orders) out.set(o.order_no, { ok: false, error: `gateway ${f.error.kind}${code}: ${f.error.message}` })
  }
  for (const e of res.results) {
    const no = String(e.order_no)
    if (out.has(no)) continue
    const message = String(e.error_message || e.refund_message || "refused")
    out.set(no, okOf[op](e) ? { ok: true, entry: e } : { ok: false, error: `gateway refused: ${message}` })
  }
  for (const no of sent) if (!out.has(no)) out.set(no, { ok: false, error: "the gateway returned no result for this order" })
  return out
}
