import { defineLink } from "@medusajs/framework/utils"
import PaymentModule from "@medusajs/medusa/payment"
import AcquiringModule from "../modules/acquiring"

/** From a payment to its disputes. */
export default defineLink(
  { linkable: PaymentModule.linkable.payment, field: "id" },
  { ...AcquiringModule.linkable.dispute.id, primaryKey: "payment_id" },
  { readOnly: true, isList: true },
)
