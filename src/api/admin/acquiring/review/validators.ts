import { z } from "zod"
import { eachOrderOnce, MAX_ORDERS_PER_CALL, OrderId } from "../validators"

export const AdminReviewDecisions = z
  .object({
    decisions: z
      .array(z.object({ order_id: OrderId, decision: z.enum(["accept", "reject"]) }).strict())
      .min(1, "give at least one decision")
      .max(MAX_ORDERS_PER_CALL, `at most ${MAX_ORDERS_PER_CALL} decisions per call`)
      .refine(
        eachOrderOnce((d) => d.order_id),
        "each order at most once",
      ),
  })
  .strict()
export type AdminReviewDecisions = z.infer<typeof AdminReviewDecisions>
