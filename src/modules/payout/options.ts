import { logger } from "@medusajs/framework/logger"
import { MedusaError } from "@medusajs/framework/utils"
import { profilePlace, warnDeprecated } from "../../gateway/deprecated-options"
import type { GatewayProfileFields } from "../../gateway/profile"
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
  /** Deprecated: gateway_profile.payout_amount_unit (read from here meanwhile, with a warning). */
  amount_unit: z.enum(["minor", "major"]).optional(),
  /** Deprecated: gateway_profile.payout_minor_unit_digits. */
  minor_unit_digits: z.record(Currency, z.number().int().min(0).max(4)).optional(),
  /** Deprecated: gateway_profile.payout_check_notification_fields. */
  check_notification_fields: z.boolean().optional(),
})
export type PayoutOptions = z.infer<typeof PayoutOptions>

export const PayoutModuleOptions = z
  .object({
    /** Gateway client options (src/gateway/options.ts); validated when the client is built. */
    gateway: z.record(z.string(), z.unknown()).optional(),
    payouts: PayoutOptions.default({}),
  })
  .loose()
export type PayoutModuleOptions = z.infer<typeof PayoutModuleOptions>

/** The payout readings that are gateway facts now: old key → field of the gateway profile. */
export const PAYOUT_PROFILE_KEYS = {
  amount_unit: "payout_amount_unit",
  minor_unit_digits: "payout_minor_unit_digits",
  check_notification_fields: "payout_check_notification_fields",
} as const satisfies Record<string, keyof GatewayProfileFields>

/** The payout options in force: the module's own, the readings from the gateway's profile (old keys over it). */
export type ResolvedPayoutOptions = Omit<PayoutOptions, keyof typeof PAYOUT_PROFILE_KEYS> & {
  amount_unit: GatewayProfileFields["payout_amount_unit"]
  minor_unit_digits: GatewayProfileFields["payout_minor_unit_digits"]
  check_notification_fields: boolean
}

export function resolvePayoutOptions(payouts: PayoutOptions, profile: GatewayProfileFields): ResolvedPayoutOptions {
  return {
    ...payouts,
    amount_unit: payouts.amount_unit ?? profile.payout_amount_unit,
    minor_unit_digits: { ...profile.payout_minor_unit_digits, ...payouts.minor_unit_digits },
    check_notification_fields: payouts.check_notification_fields ?? profile.payout_check_notification_fields,
  }
}

export function parsePayoutModuleOptions(input: unknown): PayoutModuleOptions {
  const r = PayoutModuleOptions.safeParse(input ?? {})
  if (r.success) {
    for (const [key, field] of Object.entries(PAYOUT_PROFILE_KEYS)) {
      if (r.data.payouts[key as keyof typeof PAYOUT_PROFILE_KEYS] !== undefined)
        warnDeprecated("plugin option", `payouts.${key}`, profilePlace(field), (m) => logger.warn(m))
    }
    return r.data
  }
  const { path, message } = firstIssue(r.error, { fallback: "options" })
  // Typed like every other option error of the plugin (found by the options fuzz test).
  throw new MedusaError(MedusaError.Types.INVALID_DATA, `Invalid plugin option ${path}: ${message}`)
}
