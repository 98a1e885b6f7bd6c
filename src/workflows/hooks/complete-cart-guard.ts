import { completeCartWorkflow } from "@medusajs/medusa/core-flows"
import { MedusaError } from "@medusajs/framework/utils"
import type { CompletingCart } from "../../lib/acquiring/completion"
import { assertStockAvailable, paidThroughUs, type StockCart } from "../../lib/acquiring/stock"
import { completionRefusal } from "../acquiring/carts"

/**
 * Before Medusa places the order (under its cart lock, whoever completes: the storefront, the
 * notification, reconciliation): our session must hold the cart's total and currency at the
 * gateway, and its money must not have been given back already. Otherwise the payment is given back
 * and the completion refused (409): an order is placed only for what the gateway holds.
 */
completeCartWorkflow.hooks.validate(async ({ cart }, { container }) => {
  const refusal = await completionRefusal(container, cart as unknown as CompletingCart)
  if (refusal) throw new MedusaError(MedusaError.Types.CONFLICT, refusal)
  // Our cart's stock, read under its stock locks: refused here, before an order exists, rather
  // than by a reservation that fails after the order (a workflow Medusa cannot compensate).
  // A completed cart's own reservation holds its units: nothing to check again.
  const stock = cart as unknown as StockCart & { completed_at?: unknown }
  if (!stock.completed_at && paidThroughUs(stock)) assertStockAvailable(stock)
})
