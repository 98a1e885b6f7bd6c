import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { processPaymentWorkflow } from "@medusajs/medusa/core-flows"
import type { PaymentNotification } from "./payment-already-recorded"

/**
 * Medusa's processPaymentWorkflow run on its own: only then does it take the cart's lock. A completion
 * in flight creates its order before it authorises; the lock makes the notification wait for that
 * authorisation instead of paying the session twice. Medusa's workflow undoes itself when it fails;
 * once done it records the gateway's payment, a fact no later failure takes back.
 */
export const runProcessPaymentStep = createStep(
  "acquiring-run-process-payment",
  async ({ result }: PaymentNotification, { container }) => {
    await processPaymentWorkflow(container).run({ input: result })
    return new StepResponse(undefined)
  },
)
