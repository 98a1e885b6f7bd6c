import { completeCartWorkflow } from "@medusajs/medusa/core-flows"
import { MedusaError } from "@medusajs/framework/utils"
import { completionRefusal } from "../../lib/acquiring/carts/refusal"
import type { CompletingCart } from "../../lib/acquiring/completion"
import { assertStockAvailable, paidThroughUs, type StockCart } from "../../lib/acquiring/stock"
import { settleUnplaceableWorkflow } from "../acquiring/carts/settle-unplaceable"

/**
 * Before Medusa places the order (under its cart lock): our session must hold the cart's total at the
 * gateway, else the payment is given back and completion refused (409).
 */
completeCartWorkflow.hooks.validate(async ({ cart }, { container }) => {
  // The changed cart's one gateway order is settled by its own workflow; the cart lock is Medusa's here.
  const refusal = await completionRefusal(container, cart as unknown as CompletingCart, async (unplaceable) => {
    const { result } = await settleUnplaceableWorkflow(container).run({ input: unplaceable })
    return result
  })
  if (refusal) throw new MedusaError(MedusaError.Types.CONFLICT, refusal)
  // Stock checked here, before an order exists: a reservation failing after it cannot be compensated.
  const stock = cart as unknown as StockCart & { completed_at?: unknown }
  if (!stock.completed_at && paidThroughUs(stock)) assertStockAvailable(stock)
})
