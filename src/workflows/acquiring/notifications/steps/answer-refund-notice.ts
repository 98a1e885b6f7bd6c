import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { logText } from "../../../../gateway/log-text"
import { loggerOf, SUCCESS, type NotifyReply } from "../../../../lib/acquiring/notifications/replies"
import type { RefundChange, RefundNotification } from "./find-refund-notice"
import { TRY_AGAIN, type Found } from "./replying-step"

export interface AnswerRefundInput {
  input: RefundNotification
  found: Found<RefundChange>
  /** The recording child's result; absent when it failed or had nothing to record. */
  recorded?: string
}

/** Whether the notice changed the payment's refunds, in the log; 503 when their recording failed. */
export const answerRefundNoticeStep = createStep(
  "acquiring-answer-refund-notice",
  async ({ input, found, recorded }: AnswerRefundInput, { container }) => {
    if (found.reply) return new StepResponse<NotifyReply>(found.reply)
    if (found.next && !recorded) return new StepResponse<NotifyReply>(TRY_AGAIN)
    loggerOf(container)?.info(
      `acquiring: refund notification for ${logText(input.order_no, 60)} (${logText(input.named ?? "no reference", 60)}) ${found.next ? "recorded" : "already recorded"}`,
    )
    return new StepResponse<NotifyReply>(SUCCESS)
  },
)
