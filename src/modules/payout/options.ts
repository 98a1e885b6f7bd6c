import { logger } from "@medusajs/framework/logger"
import { MedusaError } from "@medusajs/framework/utils"
import { profilePlace, warnDeprecated } from "../../gateway/deprecated-options"
import type { GatewayProfileFields } from "../../gateway/profile"
import { z } from "zod"
import { Currency, Url } from "../../gateway/schemas"
import { firstIssue } from "../../gateway/zod-issues"

export const PayoutOptions = z.object({
  notify_url: Url.optional(),
  /** Without the plugin option `gateway`: the acquiring provider whose credentials pay out (default: the only one). */
  provider: z.string().min(1).optional(),
  /** Else the gateway client picks by payment_currency. */
  account_id: z.string().min(1).max(10).optional(),
  /** Deprecated: gateway_profile.payout_amount_unit (still read, with a warning). */
  amount_unit: z.enum(["minor", "major"]).optional(),
  /** Deprecated: gateway_profile.payout_minor_unit_digits. */
  minor_unit_digits: z.record(Currency, z.number().int().min(0).max(4)).optional(),
  /** Deprecated: gateway_profile.payout_check_notification_fields. */
  check_notification_fields: z.boolean().optional(),
})
export type PayoutOptions = z.infer<typeof PayoutOptions>

export const PayoutModuleOptions = z
  .object({
    gateway: z.record(z.string(), z.unknown()).optional(),
    payouts: PayoutOptions.default({}),
  })
  .loose()
export type PayoutModuleOptions = z.infer<typeof PayoutModuleOptions>

/** Old key → field of the gateway profile. */
export const PAYOUT_PROFILE_KEYS = {
  amount_unit: "payout_amount_unit",
  minor_unit_digits: "payout_minor_unit_digits",
  check_notification_fields: "payout_check_notification_fields",
} as const satisfies Record<string, keyof GatewayProfileFields>

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
