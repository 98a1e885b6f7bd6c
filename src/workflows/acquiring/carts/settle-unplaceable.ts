import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { booksOf, settleOrphan, type OrphanOutcome } from "../books"

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
  const [row] = await booksOf(scope).listGatewayOrders(
    { order_no: orderNo },
    { select: ["state", "settlement_detail"] },
  )
  return row && ACCOUNTED.has(row.state) ? (row.settlement_detail ?? row.state) : null
}

/**
 * A paid gateway order whose cart cannot become an order is given back as an orphan. Not when a Medusa
 * payment carries the session: Medusa's completion compensates that one itself.
 */
export async function settleUnplaceable(scope: MedusaContainer, cart: UnplaceableCart): Promise<OrphanOutcome | null> {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const [{ data: orders }, { data: payments }] = await Promise.all([
    query.graph({ entity: "order_cart", fields: ["order_id"], filters: { cart_id: cart.cart_id } }),
    query.graph({ entity: "payment", fields: ["id"], filters: { payment_session_id: cart.session_id } }),
  ])
  if (orders.length || payments.length) return null
  const outcome = await settleOrphan(scope, cart.order_no, `its cart cannot be completed: ${cart.reason}`)
  if (outcome.action === "void" || outcome.action === "refund" || outcome.action === "report") {
    await scope.resolve(Modules.EVENT_BUS).emit({
      name: CART_UNPLACEABLE_EVENT,
      data: {
        cart_id: cart.cart_id,
        order_no: cart.order_no,
        cause: cart.cause,
        action: outcome.action,
        detail: outcome.detail,
      },
    })
  }
  return outcome
}

/** settleUnplaceable under the cart's lock (the key Medusa's completion takes), for callers outside it. */
export async function settleUnplaceableLocked(scope: MedusaContainer, cart: UnplaceableCart) {
  const locking = scope.resolve(Modules.LOCKING)
  return locking.execute(cart.cart_id, () => settleUnplaceable(scope, cart), { timeout: 30 })
}
