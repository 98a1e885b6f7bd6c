import { z } from "zod"
import { SESSION_ID } from "../../../lib/acquiring/order-no"

/** GET /store/acquiring/payment-collections/:id: the id is a payment link's bearer. */
export const StorePaymentCollectionParams = z.object({
  id: z.string().regex(/^pay_col_[0-9A-Za-z]{10,40}$/, "must be a payment collection id (pay_col_…)"),
})

export const StorePaymentSessionParams = z.object({
  id: z.string().regex(SESSION_ID, "must be a payment session id (payses_…)"),
})
