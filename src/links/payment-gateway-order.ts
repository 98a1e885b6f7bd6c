import { defineLink } from "@medusajs/framework/utils"
import PaymentModule from "@medusajs/medusa/payment"
import AcquiringModule from "../modules/acquiring"

/** From a payment to its gateway order, through the session it was authorised from. */
export default defineLink(
  { linkable: PaymentModule.linkable.payment, field: "payment_session_id" },
  { ...AcquiringModule.linkable.gatewayOrder.id, primaryKey: "session_id" },
  { readOnly: true },
)
