import type { MedusaContainer } from "@medusajs/framework/types"
import { gatewayOfOrder } from "../../../../lib/acquiring/gateways"
import { SUCCESS } from "../../../../lib/acquiring/notifications/replies"
import type { VerifiedNotification } from "../../../../lib/acquiring/notifications/types"
import { accountedFor } from "../../../../lib/acquiring/carts/unplaceable"
import { confirmRefunds, refundsAfterNotice, refundsInFlight } from "../../../../lib/acquiring/refund-notice"
import { parseTracked, refundedTotal, type TrackedRefund } from "../../../../lib/acquiring/refunds"
import { currentPayment } from "../../../../lib/acquiring/queries/current-payment"
import type { PaymentDataUpdate } from "./update-payment-data"
import { findingStep } from "./replying-step"

/** Longest wait for Medusa to store its own refund's answer. */
const MEDUSA_REFUND_WAIT_MS = 5_000
const POLL_MS = 100

export type RefundNotification = Extract<VerifiedNotification, { kind: "refund" }>

/** The payment's data with the refunds the gateway lists; null when it holds them already. */
export type RefundChange = PaymentDataUpdate | null

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Order-independent form of a refund list: a write that would only reorder is no change. */
const canonical = (list: TrackedRefund[]) =>
  JSON.stringify(
    [...list]
      .sort((a, b) => a.refund_reference_id.localeCompare(b.refund_reference_id))
      .map((r) => Object.fromEntries(Object.entries(r).sort(([a], [b]) => a.localeCompare(b)))),
  )

async function refundChange(container: MedusaContainer, v: RefundNotification, paymentId: string) {
  const { client } = await gatewayOfOrder(container, v.session.provider_id, v.order_no)
  let p = await currentPayment(container, paymentId)
  const records = await confirmRefunds(client, p.acquiring, v.named)
  // Medusa's refund route stores the provider's answer without this lock, just after the
  // gateway refunded (and maybe notified): wait for that write instead of racing it.
  for (
    const until = Date.now() + MEDUSA_REFUND_WAIT_MS;
    refundsInFlight(parseTracked(p.acquiring.refunds), records, p.refund_ids).length && Date.now() < until;
  ) {
    await sleep(POLL_MS)
    p = await currentPayment(container, paymentId)
  }
  const known = parseTracked(p.acquiring.refunds)
  const refunds = refundsAfterNotice(known, records, p.refund_ids)
  if (canonical(refunds) === canonical(known)) return null
  return { payment_id: p.id, data: { ...p.data, refunds, refunded_amount: refundedTotal(refunds) }, previous: p.data }
}

/**
 * Under the payment's lock (shared with reconciliation and bulk). The notice only prompts a read:
 * refunds are taken from the gateway's retrievalRefund list, and only a change is recorded.
 */
export const findRefundNoticeStep = findingStep<RefundNotification, RefundChange>(
  "acquiring-find-refund-notice",
  async (container, v) => {
    if (v.target) return { next: await refundChange(container, v, v.target.payment_id) }
    // The books' own refund of a cart that never became an order.
    if (await accountedFor(container, v.order_no))
      return { reply: { ...SUCCESS, changed: "no Medusa payment; the books gave it back" } }
    return { reply: { status: 404, body: "no Medusa payment for this order yet" } }
  },
)
