import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { FINISHED } from "../../../../lib/acquiring/notifications/kinds"
import { SUCCESS, type NotifyReply } from "../../../../lib/acquiring/notifications/replies"
import type { VerifiedNotification } from "../../../../lib/acquiring/notifications/types"
import { collectionState } from "../../../../lib/acquiring/queries/notify-session"
import { accountedFor } from "../../../../lib/acquiring/carts/unplaceable"

export type PaymentNotification = Extract<VerifiedNotification, { kind: "payment" }>

/**
 * A repeated delivery (gateway retries, copies reaching several instances at once) of a result Medusa
 * already holds, or a cart's payment the books gave back: the answer, with no workflow and no lock wait.
 */
export const paymentAlreadyRecordedStep = createStep(
  "acquiring-payment-already-recorded",
  async ({ session, order_no }: PaymentNotification, { container }) => {
    if (
      FINISHED.has(session.status ?? "") &&
      (await collectionState(container, session.payment_collection_id)).recorded
    )
      return new StepResponse<NotifyReply | null>(SUCCESS)
    const givenBack = await accountedFor(container, order_no)
    if (givenBack)
      return new StepResponse<NotifyReply | null>({ ...SUCCESS, changed: `no order for this payment: ${givenBack}` })
    return new StepResponse<NotifyReply | null>(null)
  },
)
