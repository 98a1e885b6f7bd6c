import { defineLink } from "@medusajs/framework/utils"
import PaymentModule from "@medusajs/medusa/payment"
import AcquiringModule from "../modules/acquiring"

/** The Medusa payment a dispute is about. */
export default defineLink(
  { linkable: AcquiringModule.linkable.dispute, field: "payment_id" },
  PaymentModule.linkable.payment,
  { readOnly: true },
)
