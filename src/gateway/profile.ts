import { z } from "zod"
import { CurrencyDigits } from "./currencies"
import { ENCODINGS, OPERATIONS, OPERATION_TABLE, type Encoding, type Operation } from "./operations-table"
import { NOTIFICATION_SIGN_FIELDS, NotificationDialect, PAYOUT_NOTIFICATION_SIGN_FIELDS } from "./schemas/notification"
import { NotificationFormats } from "./schemas/notification-formats"
import { Currency } from "./schemas/common"

/** What the spec leaves unwritten, the same for every merchant of one gateway build; the sandbox plays one. */

const opRecord = <T extends z.ZodType>(value: T) => z.partialRecord(z.enum(OPERATIONS), value)
const Selection = z.object({ orders: z.string().min(1).default("orders"), trades: z.string().min(1).default("trades") })
const HttpOrigin = z
  .url({ protocol: /^https?$/, error: "must be an http(s) origin, e.g. https://pay.gateway.example" })
  .transform((u) => new URL(u).origin)

export const GatewayProfileFields = z.object({
  encodings: opRecord(z.enum(ENCODINGS)),
  /** Not shown in the spec. */
  xml_request_root: z.string().regex(/^[A-Za-z_][\w.-]*$/, "must be an XML element name"),
  signature_fields: opRecord(z.array(z.string().min(1)).min(1)),
  /** Verify `encryption_data` of answers only where a row is set (not documented). */
  response_signature_fields: opRecord(z.array(z.string().min(1)).min(1)),
  batch_limits: opRecord(z.number().int().positive()),
  selection_fields: z.partialRecord(z.enum(["retrievalTrans", "retrievalRefund"]), Selection),
  /** Origins besides the gateway's own where its hosted page may post the shopper's form. */
  hosted_page_origins: z.array(HttpOrigin),
  /** Seconds; the gateway's own lifetime is not documented. */
  hosted_page_ttl_s: z.number().int().min(60).max(86_400),
  notification_signature_fields: z.array(z.string().min(1)).min(1),
  payout_notification_signature_fields: z.array(z.string().min(1)).min(1),
  notification_formats: NotificationFormats,
  require_notification_signature: z.boolean(),
  notification_naming: NotificationDialect,
  notification_signature_case: z.enum(["upper", "lower"]),
  /** Left out, or an entry with query_result 2 (the client reads both). */
  unknown_order: z.enum(["absent", "query_result_2"]),
  partial_capture: z.enum(["allowed", "refused"]),
  /** Hundredths or currency units: the wire cannot tell. */
  payout_amount_unit: z.enum(["minor", "major"]),
  payout_minor_unit_digits: z.record(Currency, z.number().int().min(0).max(4)),
  payout_check_notification_fields: z.boolean(),
  currency_digits: CurrencyDigits,
  /** Not documented. */
  capture_window_days: z.number().int().min(1).max(30),
})
export type GatewayProfileFields = z.infer<typeof GatewayProfileFields>

export const PROFILE_NAMES = ["documented", "legacy"] as const
export const ProfileName = z.enum(PROFILE_NAMES)
export type ProfileName = z.infer<typeof ProfileName>

export type GatewayProfile = GatewayProfileFields & { extends: ProfileName }

const each = <T>(value: (op: Operation) => T) =>
  Object.fromEntries(OPERATIONS.map((op) => [op, value(op)])) as Record<Operation, T>

const DOCUMENTED: GatewayProfileFields = {
  encodings: each<Encoding>((op) => OPERATION_TABLE[op].encoding),
  xml_request_root: "request",
  signature_fields: each((op) => [...OPERATION_TABLE[op].sign]),
  response_signature_fields: {},
  batch_limits: {},
  selection_fields: {},
  hosted_page_origins: [],
  hosted_page_ttl_s: 3_600,
  notification_signature_fields: [...NOTIFICATION_SIGN_FIELDS],
  payout_notification_signature_fields: [...PAYOUT_NOTIFICATION_SIGN_FIELDS],
  notification_formats: NotificationFormats.parse({}),
  require_notification_signature: true,
  notification_naming: "snake_case",
  notification_signature_case: "upper",
  unknown_order: "absent",
  partial_capture: "allowed",
  payout_amount_unit: "minor",
  payout_minor_unit_digits: {},
  payout_check_notification_fields: true,
  currency_digits: {},
  capture_window_days: 7,
}

/** The engine's legacy build: push names, lower-case hex, unknown orders as entries, payouts in units. */
const LEGACY: GatewayProfileFields = {
  ...DOCUMENTED,
  notification_naming: "legacy",
  notification_signature_case: "lower",
  unknown_order: "query_result_2",
  payout_amount_unit: "major",
}

export const GATEWAY_PROFILES: Readonly<Record<ProfileName, GatewayProfileFields>> = {
  documented: DOCUMENTED,
  legacy: LEGACY,
}

export const presetProfile = (name: ProfileName): GatewayProfile =>
  structuredClone({ ...GATEWAY_PROFILES[name], extends: name })
