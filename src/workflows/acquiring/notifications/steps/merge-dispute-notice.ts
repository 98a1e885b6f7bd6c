import { logText } from "../../../../gateway/log-text"
import { loggerOf } from "../../../../lib/acquiring/notifications/replies"
import type { VerifiedNotification } from "../../../../lib/acquiring/notifications/types"
import { mergeDispute, type DisputeChange } from "../../../../lib/acquiring/disputes"
import { acquiringOf } from "../../../../modules/acquiring"
import { currentPayment } from "../../../../lib/acquiring/queries/current-payment"
import type { RecordDisputeInput } from "../record-dispute"
import { findingStep } from "./replying-step"

export type DisputeNotification = Extract<VerifiedNotification, { kind: "dispute" }>

export interface DisputeMerge {
  change: DisputeChange
  /** The child's input when the notice changes the books' disputes; null when they hold it already. */
  record: RecordDisputeInput | null
}

/** Read under the payment's lock, so repeated deliveries write once and emit each event once. */
export const mergeDisputeNoticeStep = findingStep<DisputeNotification, DisputeMerge>(
  "acquiring-merge-dispute-notice",
  async (container, { order_no, target, notice }) => {
    for (const problem of notice.problems)
      loggerOf(container)?.warn(
        `acquiring: dispute notification for ${logText(order_no, 60)}: ${logText(problem, 200)}`,
      )
    const p = await currentPayment(container, target.payment_id)
    const known = (await acquiringOf(container).disputesOfPayments([p.id])).get(p.id) ?? []
    const change = mergeDispute(known, notice)
    if (!change.changed) return { next: { change, record: null } }
    const event = { order_id: target.order_id, payment_id: p.id, dispute: change.dispute }
    const record: RecordDisputeInput = {
      payment_id: p.id,
      order_no: p.acquiring.order_no,
      dispute: change.dispute,
      opened: change.opened ? [event] : [],
      closed: change.closed ? [event] : [],
    }
    return { next: { change, record } }
  },
)
