import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { logText } from "../../../../gateway/log-text"
import { loggerOf, SUCCESS, type NotifyReply } from "../../../../lib/acquiring/notifications/replies"
import type { VerifiedNotification } from "../../../../lib/acquiring/notifications/types"
import { replyingStep } from "./replying-step"
import { mergeDispute, type DisputeChange, type DisputeNotice } from "../../../../lib/acquiring/disputes"
import { acquiringOf } from "../../../../modules/acquiring"
import { lockKey } from "../../../../lib/acquiring/queries/payments"
import { currentPayment } from "../../../../lib/acquiring/queries/current-payment"
import type { NoticeTarget } from "../../../../lib/acquiring/queries/notice-payment"
import { recordDisputeWorkflow } from "../record-dispute"

/** Under the payment's lock the disputes are re-read, so repeated deliveries write once and emit each event once. */
async function applyDisputeNotice(
  container: MedusaContainer,
  target: NoticeTarget,
  notice: DisputeNotice,
): Promise<DisputeChange> {
  const locking = container.resolve(Modules.LOCKING)
  return locking.execute(
    lockKey(target.payment_id),
    async () => {
      const p = await currentPayment(container, target.payment_id)
      const known = (await acquiringOf(container).disputesOfPayments([p.id])).get(p.id) ?? []
      const change = mergeDispute(known, notice)
      if (!change.changed) return change
      const event = { order_id: target.order_id, payment_id: p.id, dispute: change.dispute }
      await recordDisputeWorkflow(container).run({
        input: {
          payment_id: p.id,
          order_no: p.acquiring.order_no,
          dispute: change.dispute,
          opened: change.opened ? [event] : [],
          closed: change.closed ? [event] : [],
        },
      })
      return change
    },
    { timeout: 30 },
  )
}

export type DisputeNotification = Extract<VerifiedNotification, { kind: "dispute" }>

async function disputeReply(
  container: MedusaContainer,
  { order_no, target, notice }: DisputeNotification,
): Promise<NotifyReply> {
  const logger = loggerOf(container)
  for (const problem of notice.problems)
    logger?.warn(`acquiring: dispute notification for ${logText(order_no, 60)}: ${logText(problem, 200)}`)
  const change = await applyDisputeNotice(container, target, notice)
  const how = notice.unconfirmed
    ? ", unconfirmed (the payment notification's signature; check the gateway's portal)"
    : ""
  logger?.[notice.unconfirmed ? "warn" : "info"](
    `acquiring: dispute ${logText(change.dispute.id, 60)} of ${logText(order_no, 60)} is ${change.dispute.status}${how}${change.changed ? "" : " (already recorded)"}`,
  )
  return SUCCESS
}

/** Its child workflow undoes its own write and emits only once it succeeded. */
export const applyDisputeNoticeStep = replyingStep("acquiring-apply-dispute-notice", disputeReply)
