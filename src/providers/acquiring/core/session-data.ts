import { MedusaError } from "@medusajs/framework/utils"
import { z } from "zod"
import { Amount, Currency, OrderNo } from "../../../gateway/schemas/common"
import { TrackedRefund } from "../mappers/refunds"

export const VARIANTS = ["hosted", "apm"] as const

/** Medusa session statuses in which the shopper may still pay (hosted page, reconciliation of open carts). */
export const OPEN_SESSION_STATUSES = ["pending", "requires_more"]
export type Variant = (typeof VARIANTS)[number]

export const TrackedCapture = z.object({
  /** Medusa capture id (idempotency key), or "gateway" for a capture done outside Medusa. */
  id: z.string(),
  amount: Amount,
  source: z.enum(["medusa", "gateway", "automatic"]),
})
export type TrackedCapture = z.infer<typeof TrackedCapture>

/**
 * What we keep in the session/payment data. Medusa replaces payment.data with what capture,
 * refund and cancel return, so every method returns the whole object merged: the order_no
 * and transaction_id are never lost. Loose: Medusa's own keys (session_id) stay.
 */
export const AcquiringData = z
  .object({
    order_no: OrderNo,
    currency: Currency,
    amount: Amount,
    variant: z.enum(VARIANTS),
    account_id: z.string().optional(),
    transaction_id: z.string().optional(),
    payment_status: z.string().optional(),
    status_code: z.string().optional(),
    captures: z.array(TrackedCapture).optional(),
    /**
     * A capture the gateway has confirmed in a batch answer (bulk capture, capture on
     * fulfilment), written by the server just before Medusa records it: the provider then
     * records it without asking the gateway again. Never set from storefront data.
     */
    confirmed_capture: z.object({ amount: Amount, source: z.enum(["medusa", "gateway"]) }).optional(),
    refunds: z.array(TrackedRefund).optional(),
    refunded_amount: Amount.optional(),
    canceled: z.boolean().optional(),
    payment_method: z.string().optional(),
  })
  .loose()
export type AcquiringData = z.infer<typeof AcquiringData>

export function readData(data: unknown): AcquiringData {
  const r = AcquiringData.safeParse(data ?? {})
  if (r.success) return r.data
  const issue = r.error.issues[0]
  throw new MedusaError(
    MedusaError.Types.INVALID_DATA,
    `Payment data is not from the acquiring provider: ${issue.path.join(".") || "data"} ${issue.message}`,
  )
}

/** Tolerant read for delete/cancel: null when the data never reached the gateway. */
export function tryReadData(data: unknown): AcquiringData | null {
  const r = AcquiringData.safeParse(data ?? {})
  return r.success ? r.data : null
}
