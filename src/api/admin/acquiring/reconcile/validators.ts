import { z } from "zod"
import { MAX_ORDERS_PER_CALL, OrderId } from "../validators"

export const AdminReconcile = z
  .object({
    /** Default: every open payment and open cart. */
    order_ids: z.array(OrderId).min(1).max(MAX_ORDERS_PER_CALL).optional(),
    config_ids: z.array(z.string().min(1)).min(1).optional(),
    /** Queue the run for the worker and answer 202 with its handle. */
    background: z.boolean().optional(),
  })
  .strict()
export type AdminReconcile = z.infer<typeof AdminReconcile>
