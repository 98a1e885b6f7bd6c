import { z } from "zod"
import { NotificationDialect } from "../gateway/schemas/notification"
import { ENCODINGS, OPERATIONS } from "../gateway/operations-table"
import { GATEWAY_PROFILES } from "../gateway/profile"
import { firstIssue } from "../gateway/zod-issues"
import { resolveDialect, type ResolvedDialect } from "./dialect"
import { SandboxPins, XmlName, type ResolvedPins } from "./silent-points"

/**
 * Options of the sandbox gateway. Every default is chosen to look like the real
 * gateway (docs/assumptions.md, "Sandbox"); tests compress the timings.
 */
const LOOPBACK_IPS = ["127.0.0.1", "::1", "::ffff:127.0.0.1"]

export const SandboxAccount = z.object({
  account_id: z.string().regex(/^[0-9A-Za-z]{1,10}$/, "must be 1 to 10 letters or digits"),
  sign_key: z.string().min(1, "every account needs a sign_key"),
  /** Test and live accounts are separate (gateway-interface.md §2.1); live accounts on the test server answer I0015. */
  mode: z.enum(["test", "live"]).default("test"),
  /** authorise: a paid card order waits for capture (2000); sale: it is paid at once (3000). */
  capture_mode: z.enum(["authorise", "sale"]).default("authorise"),
})
export type SandboxAccount = z.infer<typeof SandboxAccount>

export const SandboxMerchant = z.object({
  merchant_id: z.string().regex(/^[0-9A-Za-z]{1,7}$/, "must be 1 to 7 letters or digits"),
  accounts: z.array(SandboxAccount).min(1, "a merchant needs at least one account"),
  /** Client IPs allowed to call /v1/retrievalTrans (gateway-interface.md §5.3). */
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
  /** Wait before the first attempt (the engine pushes shortly after the result). */
  initial_delay_ms: ms(600_000).default(200),
  /** Exponential backoff: base × factor^(attempt−1), capped, with ±jitter. */
  backoff_base_ms: ms(3_600_000).default(2_000),
  backoff_factor: z.number().min(1).max(10).default(2),
  backoff_max_ms: ms(86_400_000).default(3_600_000),
  jitter: z.number().min(0).max(1).default(0.1),
  /**
   * Retries stop at the first of: max_attempts, or no further attempt within retry_for_ms of the first
   * (docs/gateway-interface.md §6.3, confirmed: exponential backoff with jitter for up to 36 h; the defaults reach 34.9–36 h in 45–48 attempts, as the jitter draws).
   */
  max_attempts: z.number().int().min(1).max(1_000).default(60),
  retry_for_ms: ms(7 * 86_400_000).default(36 * 3_600_000),
  attempt_timeout_ms: ms(120_000).default(10_000),
  /** Hex case of the push signature; unset: from the top-level `dialect` preset (documented upper, legacy lower). */
  signature_case: z.enum(["upper", "lower"]).optional(),
  /**
   * Field names of the push: the interface's snake_case or the engine's legacy merNo, gatewayNo,
   * tradeNo, orderNo, orderCurrency, orderAmount, orderStatus, orderInfo, signInfo (docs/assumptions.md, Sandbox: "Notification field names").
   * Unset: from the top-level `dialect` preset (documented snake_case, legacy legacy).
   */
  dialect: NotificationDialect.optional(),
  /** Signed values in order, sign_key last; either naming (the same values are signed in both dialects). */
  sign_fields: z.array(z.string().min(1)).default([...GATEWAY_PROFILES.documented.notification_signature_fields]),
  /** Signed values of payout notifications (the profile's payout row; not documented). */
  payout_sign_fields: z
    .array(z.string().min(1))
    .default([...GATEWAY_PROFILES.documented.payout_notification_signature_fields]),
})

export const PayoutOptions = z.object({
  /** 0 = the response already shows the final status (COMPLETED as in the spec example). */
  processing_ms: ms(3_600_000).default(0),
  /** Fee in minor units: fixed + amount × rate_bp / 10 000, rounded half up. */
  fee_fixed_minor: z.number().int().min(0).default(100),
  fee_rate_bp: z.number().int().min(0).max(10_000).default(50),
  /** A beneficiary with this last_name fails (case-insensitive). */
  fail_last_name: z.string().default("FAIL"),
  /** IBANs (spaces ignored) that fail. */
  fail_ibans: z.array(z.string()).default(["GB00FAIL00000000000000"]),
})

/**
 * Readings of what the interface leaves "not shown" (docs/sandbox.md, "Dialects"). Unset: from the
 * top-level `dialect` preset; an explicit value wins over the preset.
 */
export const SandboxReadings = z.object({
  /** retrievalTrans of an order it does not know: left out of orders_list, or an entry with query_result 2 (docs/assumptions.md, Sandbox: strict mode and dialects). */
  unknown_order: z.enum(["absent", "query_result_2"]).optional(),
  /** Capture amount below the authorised amount: captured (rest released), or refused with A0011 (A000x family). */
  partial_capture: z.enum(["allowed", "refused"]).optional(),
  /** Unit of the integer payout amounts (fee_amount, amount_beneficiary_receives, amount_payer_pays). */
  payout_amounts: z.enum(["major", "minor"]).optional(),
})
export type SandboxReadings = z.infer<typeof SandboxReadings>

/** One word for every "engine legacy" reading at once (docs/sandbox.md); sub-options override it. */
export const SandboxDialectPreset = z.enum(["documented", "legacy"])
export type SandboxDialectPreset = z.infer<typeof SandboxDialectPreset>

export const SandboxEncoding = z.enum(ENCODINGS)

export const SandboxOptions = z.object({
  /**
   * false (default): strict, each operation refuses a body encoding the document excludes with the engine's
   * I00xx family, and takes every plausible reading where the document is silent (unless `pin` fixes one).
   * true: any encoding, any XML root, any selection naming; pins are ignored (the old sandbox).
   */
  lenient: z.boolean().default(false),
  /** Preset of the readings below and of notifications.dialect / signature_case. */
  dialect: SandboxDialectPreset.default("documented"),
  readings: SandboxReadings.default({}),
  /**
   * Per operation, the request encodings the strict sandbox takes (default: DOCUMENTED_ENCODINGS,
   * src/sandbox/dialect.ts: the documented one, or every plausible one where the document is silent).
   */
  accepted_encodings: z.partialRecord(z.enum(OPERATIONS), z.array(SandboxEncoding).min(1)).default({}),
  /**
   * Silent points pinned to one reading (src/sandbox/silent-points.ts): play a gateway stricter than the
   * document, e.g. `{ xml_request_root: "request", authorise_encoding: "form", retrieval_selection: "orders_trades" }`.
   */
  pin: SandboxPins.default({}),
  /**
   * Kept for existing configurations: the same as `pin.xml_request_root` (deprecated alias). Unset: any
   * root is taken (the document names none); it was "request" before #29.
   */
  xml_request_root: XmlName.optional(),
  host: z.string().min(1).default("127.0.0.1"),
  port: z.number().int().min(0).max(65_535).default(0),
  /** Base address written into pages and issuer_url; default http://host:port. */
  public_url: z.url().optional(),
  /** The address this server plays: test (default) answers I0015 to live accounts, live answers I0014 to test accounts. */
  server_mode: z.enum(["test", "live"]).default("test"),
  merchants: z.array(SandboxMerchant).min(1).prefault(DEFAULT_MERCHANTS),
  notifications: NotificationOptions.default(NotificationOptions.parse({})),
  /** refund_status 2 (processing) turns 1 after this delay; 0 = refunded at once. */
  refund_processing_ms: ms(3_600_000).default(0),
  payout: PayoutOptions.default(PayoutOptions.parse({})),
  /** Authorisations older than this cannot be captured (A0009); default: the gateway profile's capture window. */
  capture_window_ms: z
    .number()
    .int()
    .positive()
    .default(GATEWAY_PROFILES.documented.capture_window_days * 24 * 3_600_000),
  /** Override a row of the signature table (field paths before sign_key). */
  signature_fields: z.partialRecord(z.enum(OPERATIONS), z.array(z.string().min(1))).default({}),
  /** Seed of the PRNG behind fault probabilities and identifiers (deterministic runs). */
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 32 - 1)
    .optional(),
  /** Upper bound of the "timeout" fault: the socket closes after this. */
  timeout_fault_max_ms: ms(120_000).default(30_000),
  request_log_size: z.number().int().min(0).max(100_000).default(1_000),
  max_body_bytes: z.number().int().min(1_024).max(20_000_000).default(1_048_576),
  /** Print one line per request (method, path, status, time; never bodies). */
  log_requests: z.boolean().default(false),
  /**
   * Origins allowed to frame the hosted pages (iFrame mode). Empty: X-Frame-Options SAMEORIGIN;
   * otherwise CSP frame-ancestors 'self' plus these origins (a storefront on another origin).
   */
  frame_ancestors: z.array(z.url({ protocol: /^https?$/ })).default([]),
})
export type SandboxOptionsInput = z.input<typeof SandboxOptions>
type ParsedSandboxOptions = z.infer<typeof SandboxOptions>
/** Parsed options with the dialect preset applied: every sub-option has its value. */
export type ResolvedSandboxOptions = Omit<
  ParsedSandboxOptions,
  "notifications" | "readings" | "accepted_encodings" | "pin"
> & {
  notifications: ParsedSandboxOptions["notifications"] & ResolvedDialect["notifications"]
  readings: ResolvedDialect["readings"]
  accepted_encodings: ResolvedDialect["accepted_encodings"]
  /** Every silent point's pin (null: not pinned), the xml_request_root alias folded in. */
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
