import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { logText } from "../../../../gateway/log-text"
import { gatewayOfOrder } from "../../../../lib/acquiring/gateways"
import { loggerOf, SUCCESS, type NotifyReply } from "../../../../lib/acquiring/notifications/replies"
import type { VerifiedNotification } from "../../../../lib/acquiring/notifications/types"
import { replyingStep } from "./replying-step"
import { accountedFor } from "../../../../lib/acquiring/carts/unplaceable"
import type { RefundRecord } from "../../../../gateway/schemas/transactions"
import { confirmRefunds, refundsAfterNotice, refundsInFlight } from "../../../../lib/acquiring/refund-notice"
import type { AcquiringData } from "../../../../lib/acquiring/payment-data"
import { parseTracked, refundedTotal, type TrackedRefund } from "../../../../lib/acquiring/refunds"
import { lockKey } from "../../../../lib/acquiring/queries/payments"
import { currentPayment } from "../../../../lib/acquiring/queries/current-payment"
import type { NoticeTarget } from "../../../../lib/acquiring/queries/notice-payment"
import { recordNotifiedRefundsWorkflow } from "../record-refunds"

/** Longest wait for Medusa to store its own refund's answer. */
const MEDUSA_REFUND_WAIT_MS = 5_000
const POLL_MS = 100

interface RefundNoticeResult {
  changed: boolean
  refunds: TrackedRefund[]
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Order-independent form of a refund list: a write that would only reorder is no change. */
const canonical = (list: TrackedRefund[]) =>
  JSON.stringify(
    [...list]
      .sort((a, b) => a.refund_reference_id.localeCompare(b.refund_reference_id))
      .map((r) => Object.fromEntries(Object.entries(r).sort(([a], [b]) => a.localeCompare(b)))),
  )

/** Under the payment's lock (shared with reconciliation and bulk): only a change is written. */
async function applyRefundNotice(
  container: MedusaContainer,
  target: NoticeTarget,
  confirm: (d: AcquiringData) => Promise<RefundRecord[]>,
  waitMs = MEDUSA_REFUND_WAIT_MS,
): Promise<RefundNoticeResult> {
  const locking = container.resolve(Modules.LOCKING)
  return locking.execute(
    lockKey(target.payment_id),
    async () => {
      let p = await currentPayment(container, target.payment_id)
      const records = await confirm(p.acquiring)
      // Medusa's refund route stores the provider's answer without this lock, just after the
      // gateway refunded (and maybe notified): wait for that write instead of racing it.
      for (
        const until = Date.now() + waitMs;
        refundsInFlight(parseTracked(p.acquiring.refunds), records, p.refund_ids).length && Date.now() < until;
      ) {
        await sleep(POLL_MS)
        p = await currentPayment(container, target.payment_id)
      }
      const known = parseTracked(p.acquiring.refunds)
      const refunds = refundsAfterNotice(known, records, p.refund_ids)
      if (canonical(refunds) === canonical(known)) return { changed: false, refunds: known }
      const data = { ...p.data, refunds, refunded_amount: refundedTotal(refunds) }
      await recordNotifiedRefundsWorkflow(container).run({ input: { payment_id: p.id, data, previous: p.data } })
      return { changed: true, refunds }
    },
    { timeout: 30 },
  )
}

export type RefundNotification = Extract<VerifiedNotification, { kind: "refund" }>

/** The notice only prompts a read: refunds are taken from the gateway's retrievalRefund list. */
async function refundReply(container: MedusaContainer, v: RefundNotification): Promise<NotifyReply> {
  if (!v.target) {
    // The books' own refund of a cart that never became an order.
    if (await accountedFor(container, v.order_no))
      return { ...SUCCESS, changed: "no Medusa payment; the books gave it back" }
    return { status: 404, body: "no Medusa payment for this order yet" }
  }
  const { client } = await gatewayOfOrder(container, v.session.provider_id, v.order_no)
  const result = await applyRefundNotice(container, v.target, (d) => confirmRefunds(client, d, v.named))
  loggerOf(container)?.info(
    `acquiring: refund notification for ${logText(v.order_no, 60)} (${logText(v.named ?? "no reference", 60)}) ${result.changed ? "recorded" : "already recorded"}`,
  )
  return SUCCESS
}

/** Its child workflow undoes its own write; nothing runs after it that could fail. */
export const applyRefundNoticeStep = replyingStep("acquiring-apply-refund-notice", refundReply)
