import { defineLink } from "@medusajs/framework/utils"
import CartModule from "@medusajs/medusa/cart"
import AcquiringModule from "../modules/acquiring"

/** The cart the shopper paid from, when the session came from one. */
export default defineLink(
  { linkable: AcquiringModule.linkable.gatewayOrder, field: "cart_id" },
  CartModule.linkable.cart,
  { readOnly: true },
)
