import { logger } from "@medusajs/framework/logger"
import { MedusaError } from "@medusajs/framework/utils"
import { z } from "zod"
import { CurrencyDigits, CurrencyRounding } from "../../gateway/currencies"
import { GatewayOptionsError } from "../../gateway/errors"
import { parseClientOptions, type GatewayClientOptions } from "../../gateway/options"
import { firstIssue } from "../../gateway/zod-issues"
import { Url } from "../../gateway/schemas/common"
import { DeclineCategory, DeclineCode } from "./decline"
import { DisputeReading } from "./disputes"
import { splitProviderOptions } from "./options-split"
import { SAVED_CARDS_DEFAULTS, SavedCardsOptions } from "./saved-cards"
import { LanguageTag } from "./snapshot/storefront-data"

export const SESSION_STATUSES = [
  "authorized",
  "captured",
  "pending",
  "requires_more",
  "error",
  "canceled",
  "pending_authorization",
] as const
export type SessionStatus = (typeof SESSION_STATUSES)[number]

/** Old spellings still read (Medusa spells `fulfillment`, `authorized`); the first use warns once. */
export const RENAMED_OPTION_VALUES = {
  capture_mode: { on_fulfilment: "on_fulfillment" },
} as const satisfies Record<string, Record<string, string>>

const warnedSpellings = new Set<string>()

function renamedValue(option: keyof typeof RENAMED_OPTION_VALUES) {
  const renames: Record<string, string> = RENAMED_OPTION_VALUES[option]
  return (value: unknown) => {
    const to = typeof value === "string" && Object.hasOwn(renames, value) ? renames[value] : undefined
    if (to === undefined) return value
    const key = `${option}=${String(value)}`
    if (!warnedSpellings.has(key)) {
      warnedSpellings.add(key)
      logger.warn(
        `acquiring: provider option ${option}: "${String(value)}" is deprecated, write "${to}" (read as "${to}" meanwhile)`,
      )
    }
    return to
  }
}

/** Path of our notification route; notify_url = store_url + notify_path. */
export const DEFAULT_NOTIFY_PATH = "/hooks/acquiring/notify"

export { LanguageTag }

const Origin = z.url({ protocol: /^https?$/, error: "must be an http(s) origin like https://shop.example" })

/**
 * Options of the provider itself; the connection keys go to the gateway client, the gateway's facts
 * to `gateway_profile`, the internals are constants (options-split.ts).
 */
export const ProviderOwnOptions = z.object({
  /** How dispute notifications are read (lib/acquiring/disputes.ts): field names and status texts. */
  ...DisputeReading.shape,
  /** Public URL of this Medusa backend, used to build notify_url. */
  store_url: Url,
  notify_path: z
    .string()
    .regex(/^\/hooks\/[\w\-/]+$/, "must be a path under /hooks/")
    .default(DEFAULT_NOTIFY_PATH),
  /** Origins the storefront may send return_url/cancel_url on (no open redirect). */
  allowed_return_origins: z.array(Origin).default([]),
  /** Used when the storefront sends no return_url / cancel_url. */
  default_return_url: Url.optional(),
  default_cancel_url: Url.optional(),
  /** The old spelling "on_fulfilment" is read as "on_fulfillment" (RENAMED_OPTION_VALUES). */
  capture_mode: z
    .preprocess(renamedValue("capture_mode"), z.enum(["manual", "on_fulfillment", "automatic"]))
    .default("manual"),
  open3d: z.enum(["do3DS", "no3DS"]).default("do3DS"),
  challenge_window_size: z
    .string()
    .regex(/^0[1-5]$/, "must be 01–05")
    .default("05"),
  platform_source: z.string().min(1).max(100).default("medusa"),
  /** Merchant web site sent as `website`; defaults to the store_url origin. */
  website: z.string().max(2000).optional(),
  /** Override the mapping of gateway payment_status codes (e.g. {"1100": "pending"}). */
  status_map: z
    .record(z.string().regex(/^-?\d+$/, "keys are gateway status codes"), z.enum(SESSION_STATUSES))
    .default({}),
  /**
   * Gateway result codes (order_info `<code>:<text>`) → the reason category the storefront shows,
   * over the defaults in decline.ts (e.g. {"E0042": "insufficient_funds"}).
   */
  decline_reasons: z.record(DeclineCode, DeclineCategory).default({}),
  /** APM payment method when the storefront names none (variants may fix it). */
  payment_method: z
    .string()
    .regex(/^[\w-]{1,40}$/, "letters, digits, - and _ only")
    .optional(),
  /** APM methods the storefront may choose; empty = any. */
  allowed_payment_methods: z.array(z.string().regex(/^[\w-]{1,40}$/)).default([]),
  /** The title the shopper sees per APM method (set in the admin's settings with the methods offered). */
  payment_method_titles: z.record(z.string().regex(/^[\w-]{1,40}$/), z.string().min(1).max(80)).default({}),
  /** APM methods settled asynchronously: while waiting they map to pending_authorization (order placed, paid later). */
  async_payment_methods: z.array(z.string().regex(/^[\w-]{1,40}$/)).default([]),
  /** HMAC key sealing the cart snapshot; derived from the sign keys when absent. */
  snapshot_secret: z.string().min(32, "use at least 32 characters").optional(),
  /** A snapshot older than this is refused (seconds). */
  snapshot_max_age_s: z.number().int().positive().max(86_400).default(900),
  /** Shown to the storefront: whether the hosted page may be framed. */
  iframe: z.boolean().default(true),
  /**
   * Also offer the gateway's raw page (`html`) beside the form. Off by default: the `form` is
   * checked (its action must be the gateway's), while a storefront that renders `html` runs
   * whatever the page holds.
   */
  session_html: z.boolean().default(false),
  /**
   * How long the store route serves a session's hosted page (seconds). The gateway's own
   * lifetime of a hosted session is not documented (docs/assumptions.md).
   */
  hosted_page_ttl_s: z.number().int().min(60).max(86_400).default(3_600),
  /**
   * Also keep form and html in Medusa's stored session data (as before 0.2), for storefronts
   * that read them from the cart later. Off by default: Medusa copies session data into every
   * checkpoint of cart completion, and the page is ≈ 20 KB (docs/reliability.md, P2).
   */
  page_in_session_data: z.boolean().default(false),
  /**
   * An amount the gateway's two decimals cannot carry exactly (a fraction of a zero-decimal
   * currency such as JPY, any amount of a three-decimal one such as KWD): "refuse" (400 at
   * session start naming the currency and amount) or "half_up" (rounded; Medusa's and the
   * gateway's amounts are then compared after the same rounding).
   */
  currency_rounding: CurrencyRounding.default("refuse"),
  /** Minor-unit digits per currency where Node's ICU table is not what the gateway uses, e.g. {"HUF": 2}. */
  currency_digits: CurrencyDigits.default({}),
  /** Hosted page language when neither the shopper's browser nor the cart/order names one. */
  default_language: LanguageTag.optional(),
  /**
   * An order edit makes Medusa cancel the authorised collection before the shopper has paid the
   * new one. false (default): the gateway order stays authorised until the replacement collection
   * is authorised (then it is voided) or the order is canceled; the merchant can capture it
   * meanwhile. true: it is voided at once, as Medusa asks.
   */
  void_on_collection_cancel: z.boolean().default(false),
  /**
   * Days an authorisation stays capturable at the gateway (not documented: docs/assumptions.md).
   * A kept authorisation is shown with this deadline; the warning starts a day before.
   */
  capture_window_days: z.number().int().min(1).max(30).default(7),
  /** Scheduled reconciliation (src/jobs/acquiring-reconcile.ts): off switch. */
  reconcile_enabled: z.boolean().default(true),
  /** Minutes between two scheduled reconciliation runs of this provider (the job ticks every minute). */
  reconcile_interval_minutes: z.number().int().min(1).max(1440).default(15),
  /** Payments and sessions older than this are no longer reconciled. */
  reconcile_lookback_days: z.number().int().min(1).max(365).default(30),
  /** A paid gateway order whose cart never completed becomes an order (false: only reported). */
  reconcile_complete_carts: z.boolean().default(true),
  /**
   * Minutes after its payment session started before reconciliation gives back the payment of a cart
   * that can never become an order (stock sold out, a promotion's limit reached, its region or product gone).
   */
  unplaceable_grace_minutes: z.number().int().min(0).max(1440).default(10),
  /**
   * A gateway order authorised or paid while it belongs to no live session (a replaced session, a cart
   * edited mid-payment): "settle" voids or refunds it in full at once; "report" only lists it for the admin.
   */
  orphans: z.enum(["settle", "report"]).default("settle"),
  /** Days the books keep received notifications (the admin's Notifications page). */
  notification_retention_days: z.number().int().min(1).max(3650).default(90),
  /** Saved cards (token_flag / token_id): on/off and where the gateway's answers carry the token (lib/acquiring/saved-cards.ts). */
  saved_cards: SavedCardsOptions.default(SAVED_CARDS_DEFAULTS),
})
export type ProviderOwnOptions = z.infer<typeof ProviderOwnOptions>

export type AcquiringOptions = {
  provider: ProviderOwnOptions
  client: GatewayClientOptions
  /** Raw client options, for createGatewayClient (it parses them itself). */
  clientInput: Record<string, unknown>
}

const OWN_KEYS = new Set(Object.keys(ProviderOwnOptions.shape))

/** Names the option (the first issue of a zod error, or a key and what is wrong with it). */
function invalid(error: z.ZodError): never
function invalid(key: string, message: string): never
function invalid(at: z.ZodError | string, message = ""): never {
  const issue = typeof at === "string" ? { path: at || "options", message } : firstIssue(at, { fallback: "options" })
  throw new MedusaError(
    MedusaError.Types.INVALID_DATA,
    `Invalid acquiring provider option ${issue.path}: ${issue.message}`,
  )
}

/** The profile fields only the provider reads (how it maps the gateway's codes and fields). */
const PROFILE_READINGS = ProviderOwnOptions.pick({
  status_map: true,
  decline_reasons: true,
  dispute_fields: true,
  dispute_status_map: true,
}).extend({ saved_card_fields: SavedCardsOptions.omit({ enabled: true }).prefault({}) })

/** Parse and validate; throws MedusaError INVALID_DATA naming the option. */
export function parseAcquiringOptions(input: unknown): AcquiringOptions {
  if (!input || typeof input !== "object") invalid("", "options must be an object")
  const { own, clientInput } = splitProviderOptions(
    input as Record<string, unknown>,
    PROFILE_READINGS,
    (k) => OWN_KEYS.has(k),
    invalid,
  )
  const p = ProviderOwnOptions.safeParse(own)
  if (!p.success) invalid(p.error)
  try {
    return { provider: p.data, client: parseClientOptions(clientInput), clientInput }
  } catch (e) {
    // The client's message names the option the same way; said once, as the provider's.
    if (e instanceof GatewayOptionsError)
      invalid(e.source, e.message.replace(`Invalid gateway option ${e.source}: `, ""))
    throw e
  }
}
