import { z } from "zod"

export const StorePaymentMethodsQuery = z
  .object({ cart_id: z.string().regex(/^cart_[0-9A-Za-z]{10,40}$/, "must be a cart id (cart_…)") })
  .strict()
export type StorePaymentMethodsQuery = z.infer<typeof StorePaymentMethodsQuery>
