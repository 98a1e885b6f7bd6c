import { z } from "zod"
import { NotificationDialect } from "../gateway/schemas/notification"
import { ENCODINGS, OPERATIONS } from "../gateway/operations-table"
import { GATEWAY_PROFILES } from "../gateway/profile"
import { firstIssue } from "../gateway/zod-issues"
import { resolveDialect, SandboxDialectPreset, SandboxReadings, type ResolvedDialect } from "./dialect"
import { SandboxPins, XmlName, type ResolvedPins } from "./silent-points"

export { SandboxDialectPreset, SandboxReadings }

const LOOPBACK_IPS = ["127.0.0.1", "::1", "::ffff:127.0.0.1"]

export const SandboxAccount = z.object({
  account_id: z.string().regex(/^[0-9A-Za-z]{1,10}$/, "must be 1 to 10 letters or digits"),
  sign_key: z.string().min(1, "every account needs a sign_key"),
  /** Keys still accepted after a rotation; an order's notifications keep the key that opened it. */
  previous_sign_keys: z.array(z.string().min(1)).max(5).default([]),
  /** Live accounts on the test server answer I0015 (the spec §2.1). */
  mode: z.enum(["test", "live"]).default("test"),
  /** authorise: a paid card order waits for capture (2000); sale: it is paid at once (3000). */
  capture_mode: z.enum(["authorise", "sale"]).default("authorise"),
})
export type SandboxAccount = z.infer<typeof SandboxAccount>

export const SandboxMerchant = z.object({
  merchant_id: z.string().regex(/^[0-9A-Za-z]{1,7}$/, "must be 1 to 7 letters or digits"),
  accounts: z.array(SandboxAccount).min(1, "a merchant needs at least one account"),
  /** Client IPs allowed to call /v1/retrievalTrans (the spec §5.3). */
  registered_ips: z.array(z.string().min(1)).default(LOOPBACK_IPS),
})
export type SandboxMerchant = z.infer<typeof SandboxMerchant>

export const DEFAULT_MERCHANTS: z.input<typeof SandboxMerchant>[] = [
  {
    merchant_id: "1000001",
    accounts: [
      { account_id: "100000101", sign_key: "sandbox-key-1", capture_mode: "authorise" },
      { account_id: "100000102", sign_key: "sandbox-key-2", capture_mode: "sale" },
      { account_id: "100000109", sign_key: "sandbox-key-live", mode: "live" },
    ],
  },
]

const ms = (max: number) => z.number().int().min(0).max(max)

export const NotificationOptions = z.object({
  initial_delay_ms: ms(600_000).default(200),
  backoff_base_ms: ms(3_600_000).default(2_000),
  backoff_factor: z.number().min(1).max(10).default(2),
  backoff_max_ms: ms(86_400_000).default(3_600_000),
  jitter: z.number().min(0).max(1).default(0.1),
  /** Retries stop at max_attempts or retry_for_ms after the first (the spec §6.3: backoff for up to 36 hours). */
  max_attempts: z.number().int().min(1).max(1_000).default(60),
  retry_for_ms: ms(7 * 86_400_000).default(36 * 3_600_000),
  attempt_timeout_ms: ms(120_000).default(10_000),
  signature_case: z.enum(["upper", "lower"]).optional(),
  /** The interface's snake_case names or the engine's legacy ones (merNo, orderNo…); unset: from `dialect`. */
  dialect: NotificationDialect.optional(),
  sign_fields: z.array(z.string().min(1)).default([...GATEWAY_PROFILES.documented.notification_signature_fields]),
  payout_sign_fields: z
    .array(z.string().min(1))
    .default([...GATEWAY_PROFILES.documented.payout_notification_signature_fields]),
})

export const PayoutOptions = z.object({
  /** 0: the response already shows the final status, as in the spec example. */
  processing_ms: ms(3_600_000).default(0),
  /** Fee in minor units: fixed + amount × rate_bp / 10 000, rounded half up. */
  fee_fixed_minor: z.number().int().min(0).default(100),
  fee_rate_bp: z.number().int().min(0).max(10_000).default(50),
  fail_last_name: z.string().default("FAIL"),
  fail_ibans: z.array(z.string()).default(["GB00FAIL00000000000000"]),
})

export const SandboxEncoding = z.enum(ENCODINGS)

export const SandboxOptions = z.object({
  /**
   * false: refuse a body encoding the document excludes (I00xx) and take every plausible reading where it
   * is silent, unless `pin` fixes one. true: any encoding, XML root and selection naming; pins ignored.
   */
  lenient: z.boolean().default(false),
  dialect: SandboxDialectPreset.default("documented"),
  readings: SandboxReadings.default({}),
  accepted_encodings: z.partialRecord(z.enum(OPERATIONS), z.array(SandboxEncoding).min(1)).default({}),
  /** Silent points pinned to one reading (SandboxPins), to play a gateway stricter than the document. */
  pin: SandboxPins.default({}),
  /** Deprecated alias of `pin.xml_request_root`; unset: any root is taken. */
  xml_request_root: XmlName.optional(),
  host: z.string().min(1).default("127.0.0.1"),
  port: z.number().int().min(0).max(65_535).default(0),
  public_url: z.url().optional(),
  /** Test answers I0015 to live accounts, live answers I0014 to test accounts. */
  server_mode: z.enum(["test", "live"]).default("test"),
  merchants: z.array(SandboxMerchant).min(1).prefault(DEFAULT_MERCHANTS),
  notifications: NotificationOptions.default(NotificationOptions.parse({})),
  /** refund_status 2 (processing) turns 1 after this; 0: refunded at once. */
  refund_processing_ms: ms(3_600_000).default(0),
  payout: PayoutOptions.default(PayoutOptions.parse({})),
  /** Authorisations older than this cannot be captured (A0009). */
  capture_window_ms: z
    .number()
    .int()
    .positive()
    .default(GATEWAY_PROFILES.documented.capture_window_days * 24 * 3_600_000),
  signature_fields: z.partialRecord(z.enum(OPERATIONS), z.array(z.string().min(1))).default({}),
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 32 - 1)
    .optional(),
  timeout_fault_max_ms: ms(120_000).default(30_000),
  request_log_size: z.number().int().min(0).max(100_000).default(1_000),
  max_body_bytes: z.number().int().min(1_024).max(20_000_000).default(1_048_576),
  log_requests: z.boolean().default(false),
  /** Origins allowed to frame the hosted pages; empty: X-Frame-Options SAMEORIGIN, else CSP frame-ancestors. */
  frame_ancestors: z.array(z.url({ protocol: /^https?$/ })).default([]),
})
export type SandboxOptionsInput = z.input<typeof SandboxOptions>
type ParsedSandboxOptions = z.infer<typeof SandboxOptions>
export type ResolvedSandboxOptions = Omit<
  ParsedSandboxOptions,
  "notifications" | "readings" | "accepted_encodings" | "pin"
> & {
  notifications: ParsedSandboxOptions["notifications"] & ResolvedDialect["notifications"]
  readings: ResolvedDialect["readings"]
  accepted_encodings: ResolvedDialect["accepted_encodings"]
  pin: ResolvedPins
}

export class SandboxOptionsError extends Error {
  constructor(
    message: string,
    readonly source: string,
  ) {
    super(message)
    this.name = "SandboxOptionsError"
  }
}

export function parseSandboxOptions(input: unknown = {}): ResolvedSandboxOptions {
  const parsed = SandboxOptions.safeParse(input ?? {})
  if (!parsed.success) {
    const { path, message } = firstIssue(parsed.error, { fallback: "options" })
    throw new SandboxOptionsError(`Invalid sandbox option ${path}: ${message}`, path)
  }
  const seen = new Set<string>()
  for (const merchant of parsed.data.merchants) {
    if (seen.has(merchant.merchant_id))
      throw new SandboxOptionsError(`merchant ${merchant.merchant_id} is configured twice`, "merchants")
    seen.add(merchant.merchant_id)
    const accounts = new Set(merchant.accounts.map((a) => a.account_id))
    if (accounts.size !== merchant.accounts.length) {
      throw new SandboxOptionsError(`merchant ${merchant.merchant_id} lists an account_id twice`, "merchants")
    }
  }
  const { pin, xml_request_root, accepted_encodings } = parsed.data
  if (pin.xml_request_root && xml_request_root && pin.xml_request_root !== xml_request_root)
    throw new SandboxOptionsError(
      `xml_request_root "${xml_request_root}" and pin.xml_request_root "${pin.xml_request_root}" disagree: set only pin.xml_request_root`,
      "pin.xml_request_root",
    )
  for (const [point, op] of [
    ["authorise_encoding", "authorise"],
    ["payout_encoding", "payout"],
  ] as const) {
    if (pin[point] && accepted_encodings[op])
      throw new SandboxOptionsError(
        `pin.${point} and accepted_encodings.${op} both set the ${op} encoding: set one`,
        `pin.${point}`,
      )
  }
  const dialect = resolveDialect(parsed.data)
  return {
    ...parsed.data,
    notifications: { ...parsed.data.notifications, ...dialect.notifications },
    readings: dialect.readings,
    accepted_encodings: dialect.accepted_encodings,
    pin: dialect.pin,
  }
}
