import { z } from "zod"
import { eachOrderOnce, MAX_ORDERS_PER_CALL, OrderId } from "../validators"

export const AdminBulkOrders = z
  .object({
    order_ids: z
      .array(OrderId)
      .min(1, "name at least one order")
      .max(MAX_ORDERS_PER_CALL, `at most ${MAX_ORDERS_PER_CALL} orders per call`)
      .refine(
        eachOrderOnce((id: string) => id),
        "each order at most once",
      ),
  })
  .strict()
export type AdminBulkOrders = z.infer<typeof AdminBulkOrders>

/** POST /admin/acquiring/bulk/refund. */
export const AdminBulkRefund = z
  .object({
    orders: z
      .array(
        z
          .object({
            order_id: OrderId,
            amount: z
              .string()
              .regex(/^\d{1,13}\.\d{2}$/, "must be a decimal with two decimals, e.g. 12.50")
              .optional(),
          })
          .strict(),
      )
      .min(1, "name at least one order")
      .max(MAX_ORDERS_PER_CALL, `at most ${MAX_ORDERS_PER_CALL} orders per call`)
      .refine(
        eachOrderOnce((o) => o.order_id),
        "each order at most once",
      ),
    reason: z.string().max(500).optional(),
    /** Reuse it when retrying; a new key refunds again. Default: derived from the orders and amounts. */
    idempotency_key: z
      .string()
      .regex(/^[\w-]{8,64}$/, "8–64 letters, digits, - or _")
      .optional(),
  })
  .strict()
export type AdminBulkRefund = z.infer<typeof AdminBulkRefund>

/** GET /admin/acquiring/bulk/awaiting-capture. */
export const AdminAwaitingCaptureParams = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(50),
    offset: z.coerce.number().int().min(0).default(0),
  })
  .strict()
export type AdminAwaitingCaptureParams = z.infer<typeof AdminAwaitingCaptureParams>
