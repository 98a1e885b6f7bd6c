import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { processPaymentWorkflow } from "@medusajs/medusa/core-flows"
import type { PaymentNotification } from "./payment-already-recorded"

/**
 * Medusa's processPaymentWorkflow run on its own, not as a child: only then does it take the cart's
 * lock, which the store route's completion takes too. It reads the cart's order before that lock, and a
 * completion in flight creates its order before it authorises: the lock makes the notification wait
 * for that authorisation instead of making a second payment of the session (#36). Medusa's workflow
 * undoes itself when it fails.
 */
export const runProcessPaymentStep = createStep(
  "acquiring-run-process-payment",
  async ({ result }: PaymentNotification, { container }) => {
    await processPaymentWorkflow(container).run({ input: result })
    return new StepResponse(undefined)
  },
)
