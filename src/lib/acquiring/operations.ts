import { MedusaError } from "@medusajs/framework/utils"
import type { GatewayClient } from "../../gateway/client-types"
import { entryCode, partialCaptureRefusal } from "../../gateway/error-map"
import type { GatewayError } from "../../gateway/errors"
import type { RefundRecord } from "../../gateway/schemas/transactions"
import type { RefundResult } from "../../gateway/schemas/batch"
import { PAYMENT_STATUS } from "../../gateway/status-codes"
import { GATEWAY_CAPTURED, GATEWAY_VOIDED, sendOne, type OneAnswer } from "./batch"
import { cents, fromCents } from "./money"
import { claimRefund, fromRefundResult, medusaRefundReason, mergeRefunds, parseTracked, refundedTotal } from "./refunds"
import { verifiedConfirmedCapture } from "./confirmed-capture"
import { toMedusaError } from "./errors"
import { callOpts } from "./batch"
import { lookupOrder, withRecord } from "./gateway-state"
import type { AcquiringData, TrackedCapture } from "./payment-data"

const capturedSum = (d: AcquiringData) => (d.captures ?? []).reduce((s, c) => s + cents(c.amount), 0n)

function doneEntry<E>(answer: OneAnswer<E>, action: string, what: string): E {
  if (answer.done) return answer.entry
  if ("failure" in answer) throw toMedusaError(answer.failure, action)
  throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `The gateway refused the ${what}: ${answer.refusal}`)
}

async function guarded<T>(action: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (e) {
    throw toMedusaError(e, action)
  }
}

/** Records a confirmed capture; the spent flag is set undefined, as the module merges the returned data. */
export function withConfirmedCapture(d: AcquiringData, c: TrackedCapture): AcquiringData {
  return { ...d, confirmed_capture: undefined, payment_status: PAYMENT_STATUS.PAID, captures: [c] }
}

/**
 * Capture once: a replay, a capture done outside Medusa or a repeat after a full capture is a no-op. The
 * gateway captures an authorisation once (the rest is released), so a further partial capture is refused.
 */
export async function capture(
  client: GatewayClient,
  data: AcquiringData,
  want: { id: string; source: TrackedCapture["source"]; amount?: string },
  sealKey: Buffer,
): Promise<AcquiringData> {
  if (data.captures?.some((c) => c.id === want.id)) return data
  const confirmed = verifiedConfirmedCapture(sealKey, data.order_no, data.confirmed_capture)
  if (confirmed && capturedSum(data) === 0n && (want.amount ?? data.amount) === confirmed.amount) {
    // The batch answer already confirmed this capture: record it, ask and charge nothing.
    return withConfirmedCapture(data, { id: want.id, amount: confirmed.amount, source: confirmed.source })
  }
  const record = await guarded("Capturing the payment", () => lookupOrder(client, data))
  const state = record?.payment_status ?? ""
  const done = capturedSum(data)
  const amount = want.amount ?? fromCents(cents(data.amount) - done)
  const next = withRecord(data, record, state || data.status_code || "")
  if (GATEWAY_CAPTURED.has(state)) {
    if (done === 0n) {
      // Captured outside Medusa (merchant portal, sale account): record it, charge nothing.
      return { ...next, captures: [{ id: want.id, amount, source: "gateway" }] }
    }
    if (done >= cents(data.amount)) return next
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `The gateway captures an authorisation once: ${fromCents(done)} of ${data.amount} was captured and the rest released; nothing more can be captured.`,
    )
  }
  if (state !== PAYMENT_STATUS.AUTHORISED || !record?.transaction_id) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `The payment cannot be captured: the gateway reports status ${state || "none"}.`,
    )
  }
  const answer = await guarded("Capturing the payment", () =>
    sendOne(client, "capture", { ref: data, transaction_id: record.transaction_id!, amount }),
  )
  if (!answer.done && cents(amount) < cents(data.amount)) {
    const refused = partialRefusal(answer, { amount, authorised: data.amount, currency: data.currency })
    if (refused) throw toMedusaError(refused, "Capturing the payment")
  }
  doneEntry(answer, "Capturing the payment", "capture")
  return {
    ...next,
    payment_status: PAYMENT_STATUS.PAID,
    captures: [...(data.captures ?? []), { id: want.id, amount, source: want.source }],
  }
}

/** A partial capture refused with the engine's A000x family: it captures whole authorisations only (inferred). */
function partialRefusal(answer: OneAnswer<unknown>, amounts: { amount: string; authorised: string; currency: string }) {
  if (answer.done) return null
  if (!("failure" in answer)) return partialCaptureRefusal(entryCode(answer.refusal), amounts)
  const { kind, code, message } = answer.failure
  return kind === "api" ? partialCaptureRefusal({ code, text: message }, amounts) : null
}

export async function refund(
  client: GatewayClient,
  data: AcquiringData,
  refundAmount: string,
  key?: string,
): Promise<AcquiringData> {
  const known = parseTracked(data.refunds)
  if (key && known.some((r) => r.medusa_refund_id === key)) return data
  // Reconciliation and bulk refunds record refunds the gateway already made: never refund twice.
  const claimed = key ? claimRefund(known, refundAmount, key) : null
  if (claimed) return { ...data, refunds: claimed, refunded_amount: refundedTotal(claimed) }
  let transaction_id = data.transaction_id
  if (!transaction_id)
    transaction_id = (await guarded("Refunding the payment", () => lookupOrder(client, data)))?.transaction_id
  if (!transaction_id)
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "The payment has no gateway transaction to refund.")
  const entry = { ref: data, transaction_id, amount: refundAmount, refund_reason: medusaRefundReason(key) }
  const answer = await guarded("Refunding the payment", () => sendOne<RefundResult>(client, "refund", entry))
  if (!answer.done && "failure" in answer) {
    const made = key ? await refundMadeAnyway(client, data, known, answer.failure, entry.refund_reason) : undefined
    if (!made) throw toMedusaError(answer.failure, "Refunding the payment")
    const refunds = mergeRefunds(known, [{ ...made, medusa_refund_id: key }])
    return { ...data, transaction_id, refunds, refunded_amount: refundedTotal(refunds) }
  }
  const refunds = mergeRefunds(known, [fromRefundResult(doneEntry(answer, "Refunding the payment", "refund"), key)])
  return { ...data, transaction_id, refunds, refunded_amount: refundedTotal(refunds) }
}

/**
 * A lost refund answer may still have refunded: an untracked gateway refund carrying this refund's
 * reason marker is it (a retry would refund twice); undefined when none or the list cannot be read.
 */
async function refundMadeAnyway(
  client: GatewayClient,
  data: AcquiringData,
  known: ReturnType<typeof parseTracked>,
  error: GatewayError,
  reason: string,
): Promise<RefundRecord | undefined> {
  const lost =
    error.kind === "timeout" || error.kind === "network" || (error.kind === "api" && (error.status ?? 0) >= 500)
  if (!lost) return undefined
  try {
    const { refund_orders } = await client.retrieveRefunds({ orders: [data.order_no] }, callOpts(data))
    const tracked = new Set(known.map((r) => r.refund_reference_id))
    return refund_orders.find(
      (r) => r.order_no === data.order_no && r.refund_reason === reason && !tracked.has(r.refund_reference_id),
    )
  } catch {
    return undefined
  }
}

/** Void an uncaptured payment; strict (admin cancel) refuses a captured one with a hint to refund. */
export async function cancel(
  client: GatewayClient,
  data: AcquiringData,
  { strict }: { strict: boolean },
): Promise<AcquiringData> {
  if (data.canceled) return data
  const record = await guarded("Cancelling the payment", () => lookupOrder(client, data))
  const state = record?.payment_status ?? ""
  const next = withRecord(data, record, state)
  if (!record || GATEWAY_VOIDED.has(state)) return { ...next, canceled: true }
  if (GATEWAY_CAPTURED.has(state)) {
    if (!strict) return next
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "The payment is already captured at the gateway; refund it instead.",
    )
  }
  if (!strict && state !== PAYMENT_STATUS.AUTHORISED && state !== PAYMENT_STATUS.REVIEW) return next
  const answer = await guarded("Cancelling the payment", () =>
    sendOne(client, "cancel", { ref: data, transaction_id: record.transaction_id ?? "" }),
  )
  doneEntry(answer, "Cancelling the payment", "cancel")
  return { ...next, payment_status: PAYMENT_STATUS.CANCELLED, canceled: true }
}

export async function refreshRefunds(client: GatewayClient, data: AcquiringData): Promise<AcquiringData> {
  if (!data.transaction_id) return data
  const { refund_orders } = await client.retrieveRefunds({ orders: [data.order_no] }, callOpts(data))
  const refunds = mergeRefunds(
    parseTracked(data.refunds),
    refund_orders.filter((r) => r.order_no === data.order_no),
  )
  return refunds.length ? { ...data, refunds, refunded_amount: refundedTotal(refunds) } : data
}
