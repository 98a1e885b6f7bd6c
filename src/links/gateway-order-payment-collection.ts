import { defineLink } from "@medusajs/framework/utils"
import PaymentModule from "@medusajs/medusa/payment"
import AcquiringModule from "../modules/acquiring"

/** The payment collection of the gateway order's session (null for an order opened without one). */
export default defineLink(
  { linkable: AcquiringModule.linkable.gatewayOrder, field: "payment_collection_id" },
  PaymentModule.linkable.paymentCollection,
  { readOnly: true },
)
