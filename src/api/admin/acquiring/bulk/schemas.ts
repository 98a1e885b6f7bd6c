import { z } from "zod"

export const MAX_BULK_ORDERS = 1000

const OrderId = z.string().regex(/^order_[0-9A-Za-z]+$/, "must be a Medusa order id (order_…)")
const unique = (ids: string[]) => new Set(ids).size === ids.length

/** POST /admin/acquiring/bulk/capture and /bulk/cancel. */
export const BulkOrdersBody = z
  .object({
    order_ids: z
      .array(OrderId)
      .min(1, "name at least one order")
      .max(MAX_BULK_ORDERS, `at most ${MAX_BULK_ORDERS} orders per call`)
      .refine(unique, "each order at most once"),
  })
  .strict()
export type BulkOrdersBody = z.infer<typeof BulkOrdersBody>

/** POST /admin/acquiring/bulk/refund. */
export const BulkRefundBody = z
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
      .max(MAX_BULK_ORDERS, `at most ${MAX_BULK_ORDERS} orders per call`)
      .refine((o) => unique(o.map((x) => x.order_id)), "each order at most once"),
    reason: z.string().max(500).optional(),
    /** Reuse it when retrying; a new key refunds again. Default: derived from the orders and amounts. */
    idempotency_key: z.string().regex(/^[\w-]{8,64}$/, "8–64 letters, digits, - or _").optional(),
  })
  .strict()
export type BulkRefundBody = z.infer<typeof BulkRefundBody>
