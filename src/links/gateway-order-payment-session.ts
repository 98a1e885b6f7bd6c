import { defineLink } from "@medusajs/framework/utils"
import PaymentModule from "@medusajs/medusa/payment"
import AcquiringModule from "../modules/acquiring"

/** The session a gateway order was opened for; read-only: the books keep the session's id, Medusa the session. */
export default defineLink(
  { linkable: AcquiringModule.linkable.gatewayOrder, field: "session_id" },
  PaymentModule.linkable.paymentSession,
  { readOnly: true },
)
