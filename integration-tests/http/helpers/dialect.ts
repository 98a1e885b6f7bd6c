import {
  NOTIFICATION_SIGN_FIELDS,
  inNotificationDialect,
  notificationFieldName,
  type NotificationDialect,
} from "../../../src/gateway/schemas/notification"
import { sign } from "../../../src/gateway/signing"
import type { GatewayProfileInput } from "../../../src/gateway/profile-input"
import type { Sandbox, SandboxOptionsInput } from "../../../src/sandbox"

/**
 * The dialect the Medusa HTTP specs play the gateway in: `documented` (integration:http) or the engine's
 * `legacy` (integration:http:legacy, where jest.config.js sets ACQ_SANDBOX_DIALECT=legacy): legacy
 * notification names and lower-case signatures, unknown orders as query_result 2 entries, payout
 * amounts in whole currency units (src/sandbox/dialect.ts). The specs themselves do not change; a spec that
 * asserts a dialect's own wire form reads SANDBOX_DIALECT.
 */
export type SandboxDialect = "documented" | "legacy"

function dialectFromEnv(value = process.env.ACQ_SANDBOX_DIALECT): SandboxDialect {
  if (!value || value === "documented") return "documented"
  if (value === "legacy") return "legacy"
  throw new Error(`ACQ_SANDBOX_DIALECT must be documented or legacy, got ${value}`)
}

export const SANDBOX_DIALECT: SandboxDialect = dialectFromEnv()

/** The sandbox options of this run's dialect; a spec's own options are spread over them. */
export const dialectSandboxOptions = (): Pick<SandboxOptionsInput, "dialect"> => ({ dialect: SANDBOX_DIALECT })

/**
 * The gateway profile a merchant sets for the gateway this sandbox plays: the preset of its dialect, with
 * the readings the wire cannot show taken from the running sandbox, so the plugin matches it whatever
 * a spec's sandbox options.
 */
export function dialectGatewayProfile(sandbox: Sandbox): GatewayProfileInput {
  return { extends: sandbox.dialect.preset, payout_amount_unit: sandbox.dialect.readings.payout_amounts }
}

/**
 * Notifications as the sandbox sends them in this run's dialect: the field names it writes (`orderNo` for
 * `order_no` in legacy), so a spec reads, tampers and re-signs the same field it would in the documented one.
 */
export const NOTIFICATION_DIALECT: NotificationDialect = SANDBOX_DIALECT === "legacy" ? "legacy" : "snake_case"

/** The name a notification field travels under in this run (unaliased names are the same in both). */
export const wireName = (field: string): string =>
  Object.keys(inNotificationDialect({ [field]: "" }, NOTIFICATION_DIALECT))[0]

/** A notification payload with our names, whichever naming the sandbox wrote it in. */
export const ourNames = (payload: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(payload).map(([k, v]) => [notificationFieldName(k), v]))

/** Re-signed with `key` over the default rule, written back in this run's naming (a forgery spec's tool). */
export function resignNotification(payload: Record<string, string>, key: string): Record<string, string> {
  const { encryption_data: _old, ...rest } = ourNames(payload)
  return inNotificationDialect(
    { ...rest, encryption_data: sign(rest, NOTIFICATION_SIGN_FIELDS, key) },
    NOTIFICATION_DIALECT,
  )
}
