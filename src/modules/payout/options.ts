import { MedusaError } from "@medusajs/framework/utils"
import { z } from "zod"
import { Currency, Url } from "../../gateway/schemas"
import { firstIssue } from "../../gateway/zod-issues"

/**
 * Plugin options as this module receives them (Medusa hands every plugin module the
 * plugin's options): `{ gateway: <gateway client options>, payouts: {...} }`.
 * Other keys belong to other parts of the plugin and are ignored here.
 */
export const PayoutOptions = z.object({
  /** Where the gateway sends payout notifications: <backend>/hooks/acquiring/payout. */
  notify_url: Url.optional(),
  /**
   * Without the plugin option `gateway`: the `id` (in medusa-config) of the acquiring payment provider
   * whose gateway credentials pay out. Default: the only one configured.
   */
  provider: z.string().min(1).optional(),
  /** Account that pays out; else the gateway client picks by payment_currency / fallback. */
  account_id: z.string().min(1).max(10).optional(),
  /**
   * Unit of the payout answer's fee_amount, amount_beneficiary_receives and amount_payer_pays. The interface
   * types them "integer" without a unit and the wire cannot tell (docs/assumptions.md, Payouts: unknown):
   * "minor" (default: an integer can carry the two decimals every gateway amount has only as hundredths)
   * or "major" (currency units, e.g. 98.5 or "98.50"). The doctor's payout reading or the first payout tells which.
   */
  amount_unit: z.enum(["minor", "major"]).default("minor"),
  /** Digits of the integer minor units per currency (default 2, the gateway's two decimals, for every currency). */
  minor_unit_digits: z.record(Currency, z.number().int().min(0).max(4)).default({}),
  /**
   * Refuse notifications whose signed transaction_id / currency / amount contradict the payout.
   * Turn off only if the gateway's payout push fills those fields differently; a status that the
   * signed order_status does not back is refused either way.
   */
  check_notification_fields: z.boolean().default(true),
})
export type PayoutOptions = z.infer<typeof PayoutOptions>

export const PayoutModuleOptions = z
  .object({
    /** Gateway client options (src/gateway/options.ts); validated when the client is built. */
    gateway: z.record(z.string(), z.unknown()).optional(),
    payouts: PayoutOptions.default({ amount_unit: "minor", minor_unit_digits: {}, check_notification_fields: true }),
  })
  .loose()
export type PayoutModuleOptions = z.infer<typeof PayoutModuleOptions>

export function parsePayoutModuleOptions(input: unknown): PayoutModuleOptions {
  const r = PayoutModuleOptions.safeParse(input ?? {})
  if (r.success) return r.data
  const { path, message } = firstIssue(r.error, { fallback: "options" })
  // Typed like every other option error of the plugin (found by the options fuzz test).
  throw new MedusaError(MedusaError.Types.INVALID_DATA, `Invalid plugin option ${path}: ${message}`)
}
