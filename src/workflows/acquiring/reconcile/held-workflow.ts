import { createWorkflow, transform, when, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, authorizePaymentSessionForOrderWorkflow, releaseLockStep } from "@medusajs/medusa/core-flows"
import { LOCK_KEYS } from "../../../lib/acquiring/lock-keys"
import { heldStillWaitingStep } from "./steps/held-still-waiting"

/**
 * A held order the gateway accepted while its notification was lost, under its session's lock: still
 * waiting, it is authorised (Medusa's workflow undoes its own steps). Its result: whether it was.
 */
export const authoriseHeldWorkflow = createWorkflow(
  "acquiring-authorise-held",
  (input: WorkflowData<{ payment_session_id: string; order_id: string }>) => {
    const key = transform({ input }, ({ input }) => LOCK_KEYS.session(input.payment_session_id))
    acquireLockStep({ key, timeout: 30, ttl: 120, executeOnSubWorkflow: true })
    const waiting = heldStillWaitingStep(input)
    when("acquiring-held-authorise", { waiting }, ({ waiting }) => waiting).then(() => {
      const session = transform({ input }, ({ input }) => ({ payment_session_id: input.payment_session_id }))
      authorizePaymentSessionForOrderWorkflow.runAsStep({ input: session })
    })
    releaseLockStep({ key, executeOnSubWorkflow: true })
    return new WorkflowResponse(waiting)
  },
)
