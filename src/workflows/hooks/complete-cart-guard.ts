import { completeCartWorkflow } from "@medusajs/medusa/core-flows"
import { MedusaError } from "@medusajs/framework/utils"
import { completionRefusal } from "../../lib/acquiring/carts/refusal"
import type { CompletingCart } from "../../lib/acquiring/completion"
import { assertStockAvailable, paidThroughUs, type StockCart } from "../../lib/acquiring/stock"

/**
 * Before Medusa places the order (under its cart lock): our session must hold the cart's total at the
 * gateway, else completion is refused (409). It only reads: the callers that can give the payment back
 * did so before (the store route's guard, the notification); any other waits for reconciliation.
 */
completeCartWorkflow.hooks.validate(async ({ cart }, { container }) => {
  const refusal = await completionRefusal(container, cart as unknown as CompletingCart)
  if (refusal) throw new MedusaError(MedusaError.Types.CONFLICT, refusal)
  // Stock checked here, before an order exists: a reservation failing after it cannot be compensated.
  const stock = cart as unknown as StockCart & { completed_at?: unknown }
  if (!stock.completed_at && paidThroughUs(stock)) assertStockAvailable(stock)
})
