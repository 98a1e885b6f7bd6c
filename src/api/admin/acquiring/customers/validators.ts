import { z } from "zod"
import { SAVED_CARD_ID } from "../../../../lib/acquiring/saved-cards"

const CustomerId = z.string().regex(/^cus_[0-9A-Za-z]{10,40}$/, "must be a customer id (cus_…)")

export const AdminCustomerParams = z.object({ customer_id: CustomerId })

export const AdminSavedCardParams = z.object({
  customer_id: CustomerId,
  id: z.string().regex(SAVED_CARD_ID, "must be a saved card id (acqcard_…)"),
})
