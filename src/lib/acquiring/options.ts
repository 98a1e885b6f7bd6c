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
import { PaymentMethodEntry } from "./payment-methods/entry"
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

export const DEFAULT_NOTIFY_PATH = "/hooks/acquiring/notify"

export { LanguageTag }

const Origin = z.url({ protocol: /^https?$/, error: "must be an http(s) origin like https://shop.example" })

/** The provider's own options; the gateway's facts live in `gateway_profile`, internals are constants. */
export const ProviderOwnOptions = z.object({
  ...DisputeReading.shape,
  /** Public URL of this Medusa backend, used to build notify_url. */
  store_url: Url,
  notify_path: z
    .string()
    .regex(/^\/hooks\/[\w\-/]+$/, "must be a path under /hooks/")
    .default(DEFAULT_NOTIFY_PATH),
  /** Origins the storefront may send return_url/cancel_url on (no open redirect). */
  allowed_return_origins: z.array(Origin).default([]),
  default_return_url: Url.optional(),
  default_cancel_url: Url.optional(),
  capture_mode: z
    .preprocess(renamedValue("capture_mode"), z.enum(["manual", "on_fulfillment", "automatic"]))
    .default("manual"),
  open3d: z.enum(["do3DS", "no3DS"]).default("do3DS"),
  challenge_window_size: z
    .string()
    .regex(/^0[1-5]$/, "must be 01–05")
    .default("05"),
  platform_source: z.string().min(1).max(100).default("medusa"),
  website: z.string().max(2000).optional(),
  status_map: z
    .record(z.string().regex(/^-?\d+$/, "keys are gateway status codes"), z.enum(SESSION_STATUSES))
    .default({}),
  /** Result codes → the category the storefront shows, over the defaults (e.g. {"E0042": "insufficient_funds"}). */
  decline_reasons: z.record(DeclineCode, DeclineCategory).default({}),
  payment_method: z
    .string()
    .regex(/^[\w-]{1,40}$/, "letters, digits, - and _ only")
    .optional(),
  allowed_payment_methods: z.array(z.string().regex(/^[\w-]{1,40}$/)).default([]),
  payment_method_titles: z.record(z.string().regex(/^[\w-]{1,40}$/), z.string().min(1).max(80)).default({}),
  /** The catalogue a shopper sees (logos, order, limits, countries); one entry per offered method when unset. */
  payment_methods: z.array(PaymentMethodEntry).max(50).optional(),
  /** APM methods settled asynchronously: while waiting they map to pending_authorization (order placed, paid later). */
  async_payment_methods: z.array(z.string().regex(/^[\w-]{1,40}$/)).default([]),
  /** HMAC key sealing the cart snapshot; derived from the sign keys when absent. */
  snapshot_secret: z.string().min(32, "use at least 32 characters").optional(),
  snapshot_max_age_s: z.number().int().positive().max(86_400).default(900),
  iframe: z.boolean().default(true),
  /** Also offer the raw page: the `form` is checked, while a storefront rendering `html` runs whatever it holds. */
  session_html: z.boolean().default(false),
  /** How long the store route serves a hosted page; the gateway's own session lifetime is undocumented. */
  hosted_page_ttl_s: z.number().int().min(60).max(86_400).default(3_600),
  /** Also keep the page in session data; off as Medusa copies session data into every completion checkpoint. */
  page_in_session_data: z.boolean().default(false),
  /** Amounts two decimals cannot carry (JPY fractions, KWD): "refuse" with a 400, or "half_up" and compare rounded. */
  currency_rounding: CurrencyRounding.default("refuse"),
  /** Minor-unit digits per currency where Node's ICU table is not what the gateway uses, e.g. {"HUF": 2}. */
  currency_digits: CurrencyDigits.default({}),
  default_language: LanguageTag.optional(),
  /**
   * An order edit makes Medusa cancel the authorised collection before the new one is paid. false: keep the
   * gateway order authorised (capturable) until the replacement is; true: void it at once.
   */
  void_on_collection_cancel: z.boolean().default(false),
  /** Days an authorisation stays capturable (undocumented); a kept one warns from a day before. */
  capture_window_days: z.number().int().min(1).max(30).default(7),
  reconcile_enabled: z.boolean().default(true),
  /** Minutes between two scheduled reconciliation runs of this provider (the job ticks every minute). */
  reconcile_interval_minutes: z.number().int().min(1).max(1440).default(15),
  reconcile_lookback_days: z.number().int().min(1).max(365).default(30),
  /** A paid gateway order whose cart never completed becomes an order (false: only reported). */
  reconcile_complete_carts: z.boolean().default(true),
  /** Minutes before reconciliation gives back the payment of a cart that can never become an order. */
  unplaceable_grace_minutes: z.number().int().min(0).max(1440).default(10),
  /** A paid gateway order of no live session: "settle" voids or refunds it at once, "report" only lists it. */
  orphans: z.enum(["settle", "report"]).default("settle"),
  notification_retention_days: z.number().int().min(1).max(3650).default(90),
  saved_cards: SavedCardsOptions.default(SAVED_CARDS_DEFAULTS),
})
export type ProviderOwnOptions = z.infer<typeof ProviderOwnOptions>

export type AcquiringOptions = {
  provider: ProviderOwnOptions
  client: GatewayClientOptions
  clientInput: Record<string, unknown>
}

const OWN_KEYS = new Set(Object.keys(ProviderOwnOptions.shape))

function invalid(error: z.ZodError): never
function invalid(key: string, message: string): never
function invalid(at: z.ZodError | string, message = ""): never {
  const issue = typeof at === "string" ? { path: at || "options", message } : firstIssue(at, { fallback: "options" })
  throw new MedusaError(
    MedusaError.Types.INVALID_DATA,
    `Invalid acquiring provider option ${issue.path}: ${issue.message}`,
  )
}

const PROFILE_READINGS = ProviderOwnOptions.pick({
  status_map: true,
  decline_reasons: true,
  dispute_fields: true,
  dispute_status_map: true,
}).extend({ saved_card_fields: SavedCardsOptions.omit({ enabled: true }).prefault({}) })

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
