import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { processPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { LOCK_KEYS } from "../../../../lib/acquiring/lock-keys"
import { cartIdOf } from "../../../../lib/acquiring/queries/notify-session"
import { withStockLocks } from "../../../../lib/acquiring/carts/stock-locks"
import type { PaymentNotification } from "./payment-already-recorded"

/**
 * Runs Medusa's processPaymentWorkflow under the session's lock; the completion it may run holds the
 * cart's stock locks, as the store route's does. Medusa's workflow undoes itself when it fails.
 */
export const runProcessPaymentStep = createStep(
  "acquiring-run-process-payment",
  async ({ session, result }: PaymentNotification, { container }) => {
    const locking = container.resolve(Modules.LOCKING)
    const cartId = await cartIdOf(container, session.payment_collection_id)
    const run = () => processPaymentWorkflow(container).run({ input: result })
    await locking.execute(
      LOCK_KEYS.session(session.id),
      async () => {
        await (cartId ? withStockLocks(container, cartId, run) : run())
      },
      { timeout: 30 },
    )
    return new StepResponse(undefined)
  },
)
