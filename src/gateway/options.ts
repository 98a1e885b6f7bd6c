import { z } from "zod"
import { GatewayOptionsError } from "./errors"
import { ENCODINGS, OPERATIONS, OPERATION_TABLE, type Operation, type OperationSpec } from "./operations-table"
import { NOTIFICATION_SIGN_FIELDS, PAYOUT_NOTIFICATION_SIGN_FIELDS } from "./schemas/notification"
import { NotificationFormats } from "./schemas/notification-formats"
import { firstIssue } from "./zod-issues"

/** One gateway account (sub-account / "gateway number"), optionally bound to currencies. */
export const AccountOptions = z.object({
  account_id: z.string().min(1).max(10),
  sign_key: z.string().min(1, "sign_key is required for every account"),
  /** Currencies this account takes; an account without currencies is the fallback. */
  currencies: z.array(z.string().regex(/^[A-Z]{3}$/, "currency codes are 3 upper-case letters")).optional(),
})
export type AccountOptions = z.infer<typeof AccountOptions>

const opRecord = <T extends z.ZodType>(value: T) => z.partialRecord(z.enum(OPERATIONS), value)

export const GatewayClientOptions = z
  .object({
    merchant_id: z.string().min(1).max(7),
    accounts: z.array(AccountOptions).min(1, "configure at least one account"),
    /** test or live: picks the base URL; accounts are separate per mode (gateway-interface.md §2.1). */
    mode: z.enum(["test", "live"]).default("test"),
    /** Base URLs are not published in the spec ({base_url}); the merchant gets them from the gateway. */
    base_url: z.url().optional(),
    test_base_url: z.url().optional(),
    live_base_url: z.url().optional(),
    /** Per-call timeout. */
    timeout_ms: z.number().int().positive().max(300_000).default(20_000),
    /** Retries for pure queries only (retrievals): a retry there cannot double an effect. */
    query_retries: z.number().int().min(0).max(10).default(2),
    retry_base_delay_ms: z.number().int().min(0).max(60_000).default(250),
    /** Override the request body encoding of any operation. */
    encodings: opRecord(z.enum(ENCODINGS)).default({}),
    /** Root element name of XML request bodies (not shown in the spec). */
    xml_request_root: z
      .string()
      .regex(/^[A-Za-z_][\w.-]*$/)
      .default("request"),
    /** Override any row of the request signature table (field paths, sign_key appended last). */
    signature_fields: opRecord(z.array(z.string().min(1))).default({}),
    /** Verify `encryption_data` on responses only where a rule is configured (not documented). */
    response_signature_fields: opRecord(z.array(z.string().min(1))).default({}),
    /**
     * Requests of one batched or list call (chunks of ≤ 50/100 orders) in flight at once. The
     * spec publishes no rate limit (docs/assumptions.md); 1 sends them one after another.
     */
    max_concurrent_requests: z.number().int().min(1).max(16).default(4),
    /** Per-request limits (gateway-interface.md §8); lower them if the gateway tells you to, never above the spec. */
    batch_limits: opRecord(z.number().int().positive()).default({}),
    /** Custom fetch (tests, proxies). */
    fetch: z.custom<typeof fetch>((f) => typeof f === "function", "fetch must be a function").optional(),
    /**
     * Origins besides the gateway's own where its hosted page may post the shopper's form (the
     * spec does not say where the page lives). Any other form action is refused, never handed on.
     */
    hosted_page_origins: z
      .array(
        z
          .url({ protocol: /^https?$/, error: "must be an http(s) origin, e.g. https://pay.gateway.example" })
          .transform((u) => new URL(u).origin),
      )
      .default([]),
    /** Extra headers sent with every request (no header credential is documented). */
    headers: z.record(z.string(), z.string()).default({}),
    /** Signed values of an inbound notification, in order, sign_key last (not documented; engine push order). */
    notification_signature_fields: z
      .array(z.string().min(1))
      .min(1)
      .default([...NOTIFICATION_SIGN_FIELDS]),
    /** Signed values of a payout notification, in order, sign_key last (not documented; our default names the payout). */
    payout_notification_signature_fields: z
      .array(z.string().min(1))
      .min(1)
      .default([...PAYOUT_NOTIFICATION_SIGN_FIELDS]),
    /** Formats of the signed fields the spec does not show (each signed field must be in its format). */
    notification_formats: NotificationFormats.prefault({}),
    /** Refuse notifications without `encryption_data`; turn off only if the gateway sends unsigned pushes. */
    require_notification_signature: z.boolean().default(true),
    /** Upper bound of one retry back-off (retrievals only), before jitter. */
    retry_max_delay_ms: z.number().int().min(0).max(300_000).default(5_000),
    /**
     * Names of the selection fields of the retrievals (gateway-interface.md §4.3: `orders`/`trades` for retrievalTrans,
     * inferred for retrievalRefund). Values are sent comma-separated.
     */
    selection_fields: z
      .partialRecord(
        z.enum(["retrievalTrans", "retrievalRefund"]),
        z.object({ orders: z.string().min(1).default("orders"), trades: z.string().min(1).default("trades") }),
      )
      .default({}),
  })
  .superRefine((options, ctx) => {
    if (!options.base_url && !(options.mode === "test" ? options.test_base_url : options.live_base_url)) {
      ctx.addIssue({
        code: "custom",
        path: [options.mode === "test" ? "test_base_url" : "live_base_url"],
        message: `set base_url or ${options.mode}_base_url: the gateway's address is given to the merchant by the gateway`,
      })
    }
    const fallback = options.accounts.filter((a) => !a.currencies?.length)
    if (fallback.length > 1) {
      ctx.addIssue({
        code: "custom",
        path: ["accounts"],
        message: "at most one account may omit currencies (the fallback)",
      })
    }
    const seen = new Map<string, string>()
    for (const account of options.accounts) {
      for (const currency of account.currencies ?? []) {
        if (seen.has(currency)) {
          ctx.addIssue({
            code: "custom",
            path: ["accounts"],
            message: `currency ${currency} is bound to both ${seen.get(currency)} and ${account.account_id}`,
          })
        }
        seen.set(currency, account.account_id)
      }
    }
    for (const [op, limit] of Object.entries(options.batch_limits) as Array<[Operation, number]>) {
      const row: OperationSpec = OPERATION_TABLE[op]
      const max = row.batch?.limit ?? row.selectionLimit ?? 100
      if (limit > max)
        ctx.addIssue({ code: "custom", path: ["batch_limits", op], message: `at most ${max} for ${op} (spec §8)` })
    }
  })
export type GatewayClientOptionsInput = z.input<typeof GatewayClientOptions>
export type GatewayClientOptions = z.infer<typeof GatewayClientOptions>

export function parseClientOptions(input: unknown): GatewayClientOptions {
  const r = GatewayClientOptions.safeParse(input)
  if (r.success) return r.data
  const { path, message } = firstIssue(r.error, { fallback: "options" })
  throw new GatewayOptionsError(`Invalid gateway option ${path}: ${message}`, { source: path })
}
