import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { NotifyReply } from "../../../lib/acquiring/notifications/replies"
import type { NotificationKind, NotifyInput, VerifiedNotification } from "../../../lib/acquiring/notifications/types"
import { notifiedDeclineWorkflow } from "./notified-decline"
import { notifiedDisputeWorkflow } from "./notified-dispute"
import { notifiedOrphanWorkflow } from "./notified-orphan"
import { notifiedPaymentWorkflow } from "./notified-payment"
import { notifiedRefundWorkflow } from "./notified-refund"
import { answerNotificationStep } from "./steps/answer-notification"
import { verifyNotificationStep } from "./steps/verify-notification"

export const processNotificationWorkflowId = "acquiring-process-notification"

type Of<K extends NotificationKind> = Extract<VerifiedNotification, { kind: K }>
const as = <K extends NotificationKind>(verified: VerifiedNotification) => verified as Of<K>

/**
 * One delivery of the notify hook, or its stored copy ("Process again"): verified once, then the
 * workflow of its verified kind. Its result is the answer the gateway gets.
 */
export const processNotificationWorkflow = createWorkflow(processNotificationWorkflowId, (input: NotifyInput) => {
  const verified = verifyNotificationStep(input)
  const payment = when({ verified }, ({ verified }) => verified.kind === "payment").then(() =>
    notifiedPaymentWorkflow.runAsStep({ input: transform({ verified }, ({ verified }) => as<"payment">(verified)) }),
  )
  const decline = when({ verified }, ({ verified }) => verified.kind === "decline").then(() =>
    notifiedDeclineWorkflow.runAsStep({ input: transform({ verified }, ({ verified }) => as<"decline">(verified)) }),
  )
  const refund = when({ verified }, ({ verified }) => verified.kind === "refund").then(() =>
    notifiedRefundWorkflow.runAsStep({ input: transform({ verified }, ({ verified }) => as<"refund">(verified)) }),
  )
  const dispute = when({ verified }, ({ verified }) => verified.kind === "dispute").then(() =>
    notifiedDisputeWorkflow.runAsStep({ input: transform({ verified }, ({ verified }) => as<"dispute">(verified)) }),
  )
  const orphan = when({ verified }, ({ verified }) => verified.kind === "orphan").then(() =>
    notifiedOrphanWorkflow.runAsStep({ input: transform({ verified }, ({ verified }) => as<"orphan">(verified)) }),
  )
  const reply = transform(
    { verified, payment, decline, refund, dispute, orphan },
    ({ verified, ...byKind }): NotifyReply =>
      verified.kind === "answered" ? verified.reply : (byKind[verified.kind] as NotifyReply),
  )
  const order_no = transform({ input }, ({ input }) => input.body?.order_no)
  return new WorkflowResponse(answerNotificationStep({ reply, order_no }))
})
