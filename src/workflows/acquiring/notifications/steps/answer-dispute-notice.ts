import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { logText } from "../../../../gateway/log-text"
import { loggerOf, SUCCESS, type NotifyReply } from "../../../../lib/acquiring/notifications/replies"
import type { DisputeMerge, DisputeNotification } from "./merge-dispute-notice"
import { TRY_AGAIN, type Found } from "./replying-step"

export interface AnswerDisputeInput {
  input: DisputeNotification
  found: Found<DisputeMerge>
  /** The recording child's result; absent when it failed or had nothing to record. */
  recorded?: string
}

/** The dispute as the books now hold it, in the log; 503 when its recording failed. */
export const answerDisputeNoticeStep = createStep(
  "acquiring-answer-dispute-notice",
  async ({ input, found, recorded }: AnswerDisputeInput, { container }) => {
    if (found.reply) return new StepResponse<NotifyReply>(found.reply)
    const { change, record } = found.next
    if (record && !recorded) return new StepResponse<NotifyReply>(TRY_AGAIN)
    const how = input.notice.unconfirmed
      ? ", unconfirmed (the payment notification's signature; check the gateway's portal)"
      : ""
    loggerOf(container)?.[input.notice.unconfirmed ? "warn" : "info"](
      `acquiring: dispute ${logText(change.dispute.id, 60)} of ${logText(input.order_no, 60)} is ${change.dispute.status}${how}${change.changed ? "" : " (already recorded)"}`,
    )
    return new StepResponse<NotifyReply>(SUCCESS)
  },
)
