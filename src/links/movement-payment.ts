import { defineLink } from "@medusajs/framework/utils"
import PaymentModule from "@medusajs/medusa/payment"
import AcquiringModule from "../modules/acquiring"

/** The Medusa payment a movement moved money of (null for an orphan's void or refund). */
export default defineLink(
  { linkable: AcquiringModule.linkable.movement, field: "payment_id" },
  PaymentModule.linkable.payment,
  { readOnly: true },
)
