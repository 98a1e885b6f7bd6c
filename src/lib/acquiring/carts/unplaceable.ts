import type { MedusaContainer } from "@medusajs/framework/types"
import { acquiringOf } from "../../../modules/acquiring"

export const CART_UNPLACEABLE_EVENT = "acquiring.cart.unplaceable"

/** Books states after which the gateway order's money is accounted for: nothing more to do. */
export const ACCOUNTED = new Set(["settled", "unmatched"])

export interface UnplaceableCart {
  cart_id: string
  session_id: string
  order_no: string
  /** classifyCompletionFailure's cause: stock, promotion, cart_changed, … */
  cause: string
  reason: string
}

export async function accountedFor(scope: MedusaContainer, orderNo: string): Promise<string | null> {
  const [row] = await acquiringOf(scope).listGatewayOrders(
    { order_no: orderNo },
    { select: ["state", "settlement_detail"] },
  )
  return row && ACCOUNTED.has(row.state) ? (row.settlement_detail ?? row.state) : null
}
