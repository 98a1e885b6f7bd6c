import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { logText } from "../../../../gateway/log-text"
import { loggerOf, type NotifyReply } from "../../../../lib/acquiring/notifications/replies"

export interface AnswerInput {
  reply: NotifyReply
  order_no: unknown
}

/** One sanitised warning per refusal: never the body, its signature or the key. */
export const answerNotificationStep = createStep(
  "acquiring-answer-notification",
  async ({ reply, order_no }: AnswerInput, { container }) => {
    if (reply.status >= 400)
      loggerOf(container)?.warn(
        `acquiring notification refused (${reply.status}): ${logText(reply.body, 300)}; order_no "${logText(order_no, 60)}"`,
      )
    return new StepResponse(reply)
  },
)
