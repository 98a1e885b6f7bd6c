import type { IPaymentModuleService } from "@medusajs/framework/types"
import { firstIssue } from "../../gateway/zod-issues"
import { MedusaError } from "@medusajs/framework/utils"
import { z } from "zod"
import { Amount, Currency, OrderNo } from "../../gateway/schemas/common"
import { TrackedRefund } from "./refunds"
import { SNAPSHOT_KEY } from "./snapshot/storefront-data"
import { ADOPT_KEY } from "./adoption"
import { ConfirmedCapture } from "./confirmed-capture"
import { KeptAuthorisation } from "./kept"

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

/** Medusa replaces payment.data with what capture, refund and cancel return, so each returns the whole object. */
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
    confirmed_capture: ConfirmedCapture.optional(),
    refunds: z.array(TrackedRefund).optional(),
    refunded_amount: Amount.optional(),
    canceled: z.boolean().optional(),
    kept_authorisation: KeptAuthorisation.optional(),
    adopted_from: z.string().optional(),
    payment_method: z.string().optional(),
    /** The settings version the gateway order was opened under (absent: medusa-config.ts alone). */
    settings_version: z.number().int().min(0).optional(),
  })
  .loose()
export type AcquiringData = z.infer<typeof AcquiringData>

/** Keys a caller may set (sealed snapshot, sealed adoption ticket, Medusa's session id); any other is dropped. */
const CALLER_KEYS = new Set([SNAPSHOT_KEY, ADOPT_KEY, "session_id"])

export function callerData(data: unknown): { kept: Record<string, unknown>; dropped: string[] } {
  const given = data && typeof data === "object" && !Array.isArray(data) ? (data as Record<string, unknown>) : {}
  const keys = Object.keys(given)
  return {
    kept: Object.fromEntries(keys.filter((k) => CALLER_KEYS.has(k)).map((k) => [k, given[k]])),
    dropped: keys.filter((k) => !CALLER_KEYS.has(k)),
  }
}

/** Medusa stores `{ ...caller's data, ...provider's data }`: these keys, set undefined, are not stored. */
export const blanked = (keys: string[]): Record<string, undefined> =>
  Object.fromEntries(keys.map((k) => [k, undefined]))

export function readData(data: unknown): AcquiringData {
  const r = AcquiringData.safeParse(data ?? {})
  if (r.success) return r.data
  const { path, message } = firstIssue(r.error, { fallback: "data" })
  throw new MedusaError(
    MedusaError.Types.INVALID_DATA,
    `Payment data is not from the acquiring provider: ${path} ${message}`,
  )
}

export function tryReadData(data: unknown): AcquiringData | null {
  const r = AcquiringData.safeParse(data ?? {})
  return r.success ? r.data : null
}

/** The one write of payment data outside the provider (updatePayment takes `data`; its public DTO omits it). */
export const writePaymentData = (payments: IPaymentModuleService, id: string, data: Record<string, unknown>) =>
  payments.updatePayment({ id, data } as Parameters<IPaymentModuleService["updatePayment"]>[0])
