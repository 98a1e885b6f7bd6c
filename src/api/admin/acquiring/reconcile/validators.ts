import { z } from "zod"
import { MAX_ORDERS_PER_CALL, OrderId } from "../validators"

/** POST /admin/acquiring/reconcile ("Sync now"). */
export const AdminReconcile = z
  .object({
    /** Only these orders (the order widget); default every open payment and open cart. */
    order_ids: z.array(OrderId).min(1).max(MAX_ORDERS_PER_CALL).optional(),
    /** Only these provider configs (their medusa-config ids). */
    config_ids: z.array(z.string().min(1)).min(1).optional(),
    /** Queue the run for the worker and answer at once with its handle (202); read it at GET …/reconcile/:run_id. */
    background: z.boolean().optional(),
  })
  .strict()
export type AdminReconcile = z.infer<typeof AdminReconcile>
