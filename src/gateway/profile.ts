import { z } from "zod"
import { CurrencyDigits } from "./currencies"
import { ENCODINGS, OPERATIONS, OPERATION_TABLE, type Encoding, type Operation } from "./operations-table"
import { NOTIFICATION_SIGN_FIELDS, NotificationDialect, PAYOUT_NOTIFICATION_SIGN_FIELDS } from "./schemas/notification"
import { NotificationFormats } from "./schemas/notification-formats"
import { Currency } from "./schemas/common"

/**
 * The gateway profile: what the interface document leaves unwritten (signature rows, encodings,
 * field names, formats, readings of silent answers), the same for every merchant of one gateway
 * build. Two presets, each defined once here; the client sends and reads by a profile, the
 * sandbox plays one (its dialects). A merchant picks a preset and overrides single fields.
 */

const opRecord = <T extends z.ZodType>(value: T) => z.partialRecord(z.enum(OPERATIONS), value)
const Selection = z.object({ orders: z.string().min(1).default("orders"), trades: z.string().min(1).default("trades") })
const HttpOrigin = z
  .url({ protocol: /^https?$/, error: "must be an http(s) origin, e.g. https://pay.gateway.example" })
  .transform((u) => new URL(u).origin)

export const GatewayProfileFields = z.object({
  /** Request body encoding per operation. */
  encodings: opRecord(z.enum(ENCODINGS)),
  /** Root element name of XML request bodies (not shown in the spec). */
  xml_request_root: z.string().regex(/^[A-Za-z_][\w.-]*$/, "must be an XML element name"),
  /** Request signature rows: field paths in order, sign_key appended last. */
  signature_fields: opRecord(z.array(z.string().min(1)).min(1)),
  /** Verify `encryption_data` of answers only where a row is set (not documented). */
  response_signature_fields: opRecord(z.array(z.string().min(1)).min(1)),
  /** Orders per request, lower than the spec's (§8) where the gateway says so. */
  batch_limits: opRecord(z.number().int().positive()),
  /** Names of the selection fields of the two retrievals (values sent comma-separated). */
  selection_fields: z.partialRecord(z.enum(["retrievalTrans", "retrievalRefund"]), Selection),
  /** Origins besides the gateway's own where its hosted page may post the shopper's form. */
  hosted_page_origins: z.array(HttpOrigin),
  /** How long a hosted page is served after its checkout, in seconds (the gateway's lifetime is not documented). */
  hosted_page_ttl_s: z.number().int().min(60).max(86_400),
  /** Signed values of a notification, in order, sign_key last (engine push order). */
  notification_signature_fields: z.array(z.string().min(1)).min(1),
  /** Signed values of a payout notification, in order, sign_key last. */
  payout_notification_signature_fields: z.array(z.string().min(1)).min(1),
  /** Formats of the signed notification fields the spec does not show. */
  notification_formats: NotificationFormats,
  /** Refuse notifications without `encryption_data`. */
  require_notification_signature: z.boolean(),
  /** Field names of a push: the interface's snake_case or the engine's legacy merNo… (the client reads both). */
  notification_naming: NotificationDialect,
  /** Hex case of a push signature (the client compares either). */
  notification_signature_case: z.enum(["upper", "lower"]),
  /** retrievalTrans of an unknown order: left out, or an entry with query_result 2 (the client reads both). */
  unknown_order: z.enum(["absent", "query_result_2"]),
  /** A capture below the authorised amount: captured, or refused with A0011. */
  partial_capture: z.enum(["allowed", "refused"]),
  /** Unit of the integer payout answer amounts: hundredths or currency units (the wire cannot tell). */
  payout_amount_unit: z.enum(["minor", "major"]),
  /** Digits of those integer minor units per currency (2 where unset). */
  payout_minor_unit_digits: z.record(Currency, z.number().int().min(0).max(4)),
  /** Refuse payout notifications whose signed fields contradict the payout. */
  payout_check_notification_fields: z.boolean(),
  /** Minor-unit digits per currency where the gateway differs from ISO 4217. */
  currency_digits: CurrencyDigits,
  /** Days an authorisation stays capturable (not documented). */
  capture_window_days: z.number().int().min(1).max(30),
})
export type GatewayProfileFields = z.infer<typeof GatewayProfileFields>

export const PROFILE_NAMES = ["documented", "legacy"] as const
export const ProfileName = z.enum(PROFILE_NAMES)
export type ProfileName = z.infer<typeof ProfileName>

/** A resolved profile: every field has its value, and the preset it started from. */
export type GatewayProfile = GatewayProfileFields & { extends: ProfileName }

const each = <T>(value: (op: Operation) => T) =>
  Object.fromEntries(OPERATIONS.map((op) => [op, value(op)])) as Record<Operation, T>

/** Our reading of the interface document (docs/gateway-profile.md lists every field). */
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

/** The engine's legacy build: its push names and lower-case hex, unknown orders as entries, payouts in units. */
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

/** The preset itself, a fresh copy to resolve over. */
export const presetProfile = (name: ProfileName): GatewayProfile =>
  structuredClone({ ...GATEWAY_PROFILES[name], extends: name })
