import { z } from "zod"
import { PaymentMethodEntry } from "../payment-methods/entry"
import { field, settingsFields } from "./fields"

const Method = z.string().regex(/^[\w-]{1,40}$/, "letters, digits, - and _ only (at most 40)")
const HttpUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) address like https://shop.example/path" })
const Currency = z.string().regex(/^[A-Z]{3}$/, "currency codes are 3 upper-case letters, e.g. EUR")

export const AccountSetting = z
  .object({
    account_id: field(z.string().min(1).max(10), {
      label: "Account id",
      help: "The gateway number of the account, as the gateway gave it.",
      kind: "string",
    }),
    sign_key: field(z.string().min(1, "enter the account's sign key").max(200), {
      label: "Sign key",
      help: "The account's sign key. Stored encrypted; shown only by its last four characters.",
      kind: "secret",
      secret: true,
    }),
    currencies: field(z.array(Currency).max(50).default([]), {
      label: "Currencies",
      help: "Currencies this account takes. Leave empty on one account to make it the fallback.",
      kind: "list",
    }),
  })
  .strict()
export type AccountSetting = z.infer<typeof AccountSetting>

export const ApmMethodSetting = z
  .object({
    method: field(Method, { label: "Method", help: "The gateway's code of the method.", kind: "string" }),
    title: field(z.string().min(1).max(80), { label: "Title", help: "What the shopper sees.", kind: "string" }),
  })
  .strict()
export type ApmMethodSetting = z.infer<typeof ApmMethodSetting>

/** The merchant's choices (issue #35): a saved version, over medusa-config, over the defaults. */
export const MerchantSettings = z
  .object({
    mode: field(z.enum(["test", "live"]).optional(), {
      group: "connection",
      per_order: true,
      label: "Mode",
      help: "Test talks to the gateway's test address with test accounts; live takes real money.",
      kind: "enum",
    }),
    merchant_id: field(z.string().min(1).max(7).optional(), {
      group: "connection",
      per_order: true,
      label: "Merchant id",
      help: "Your merchant number at the gateway.",
      kind: "string",
    }),
    accounts: field(z.array(AccountSetting).min(1, "keep at least one account").max(20).optional(), {
      group: "connection",
      per_order: true,
      label: "Accounts",
      help: "The gateway accounts (gateway numbers) with their sign keys and currencies.",
      kind: "list",
    }),
    test_base_url: field(HttpUrl.optional(), {
      group: "connection",
      per_order: true,
      label: "Test address",
      help: "The gateway's test address, as the gateway gave it.",
      kind: "url",
    }),
    live_base_url: field(HttpUrl.optional(), {
      group: "connection",
      per_order: true,
      label: "Live address",
      help: "The gateway's live address, as the gateway gave it.",
      kind: "url",
    }),
    capture_mode: field(z.enum(["manual", "on_fulfillment", "automatic"]).optional(), {
      group: "checkout",
      label: "Capture",
      help: "When the money is taken: by you (manual), when the order is fulfilled, or at once (automatic).",
      kind: "enum",
    }),
    open3d: field(z.enum(["do3DS", "no3DS"]).optional(), {
      group: "checkout",
      label: "3-D Secure",
      help: "Ask the card's bank to confirm the shopper (do3DS) or not (no3DS).",
      kind: "enum",
    }),
    default_language: field(
      z
        .string()
        .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, "a language tag like en or de-AT")
        .optional(),
      {
        group: "checkout",
        label: "Default language",
        help: "Language of the payment page when neither the shopper's browser nor the cart names one.",
        kind: "string",
      },
    ),
    apm_methods: field(z.array(ApmMethodSetting).max(30).optional(), {
      group: "checkout",
      label: "Payment methods",
      help: "Alternative payment methods the storefront may offer, with their titles. Empty: any.",
      kind: "list",
    }),
    async_payment_methods: field(z.array(Method).max(30).optional(), {
      group: "checkout",
      label: "Methods paid later",
      help: "Methods the gateway settles later: the order is placed, then paid.",
      kind: "list",
    }),
    payment_methods: field(z.array(PaymentMethodEntry).max(50).optional(), {
      group: "payment_methods",
      label: "Offered methods",
      help: "Per region: each method's title, logo, order, amount limits and countries. Empty: card, then each APM.",
      kind: "list",
    }),
    allowed_return_origins: field(z.array(HttpUrl).max(20).optional(), {
      group: "checkout",
      label: "Storefront origins",
      help: "Origins the storefront may send the shopper back to (e.g. https://shop.example).",
      kind: "list",
    }),
    default_return_url: field(HttpUrl.optional(), {
      group: "checkout",
      label: "Default return address",
      help: "Where the shopper returns after paying when the storefront names none.",
      kind: "url",
    }),
    default_cancel_url: field(HttpUrl.optional(), {
      group: "checkout",
      label: "Default cancel address",
      help: "Where the shopper returns after cancelling when the storefront names none.",
      kind: "url",
    }),
    orphans: field(z.enum(["settle", "report"]).optional(), {
      group: "after_checkout",
      label: "Payments without a cart",
      help: "A payment whose cart moved on: give the money back at once (settle) or only list it (report).",
      kind: "enum",
    }),
    void_on_collection_cancel: field(z.boolean().optional(), {
      group: "after_checkout",
      label: "Void at once on order edit",
      help: "When an order edit cancels the paid collection, void its authorisation at once.",
      kind: "boolean",
    }),
    reconcile_enabled: field(z.boolean().optional(), {
      group: "notifications",
      label: "Reconciliation",
      help: "Compare the store with the gateway on a schedule.",
      kind: "boolean",
    }),
    reconcile_interval_minutes: field(z.number().int().min(1).max(1440).optional(), {
      group: "notifications",
      label: "Reconciliation interval (minutes)",
      help: "Minutes between two scheduled reconciliations.",
      kind: "integer",
    }),
    reconcile_complete_carts: field(z.boolean().optional(), {
      group: "notifications",
      label: "Complete paid carts",
      help: "A cart paid at the gateway but never completed becomes an order on reconciliation.",
      kind: "boolean",
    }),
    notification_retention_days: field(z.number().int().min(1).max(3650).optional(), {
      group: "notifications",
      label: "Keep notifications (days)",
      help: "Days the Notifications page keeps what the gateway sent.",
      kind: "integer",
    }),
    saved_cards_enabled: field(z.boolean().optional(), {
      group: "saved_cards",
      label: "Saved cards",
      help: "Let signed-in shoppers save a card and pay with it later.",
      kind: "boolean",
    }),
    payout_account_id: field(z.string().min(1).max(10).optional(), {
      group: "payouts",
      label: "Payout account",
      help: "The account that pays out; empty: the account of the payout's currency.",
      kind: "string",
    }),
  })
  .strict()
export type MerchantSettings = z.infer<typeof MerchantSettings>
export type SettingsKey = keyof MerchantSettings
export const SETTINGS_KEYS = Object.keys(MerchantSettings.shape) as SettingsKey[]

/** The credentials: a gateway order's calls keep them from its version; the rest follow the newest. */
export const PER_ORDER_SETTINGS: ReadonlySet<SettingsKey> = new Set(
  SETTINGS_KEYS.filter((k) => settingsFields.get(MerchantSettings.shape[k])?.per_order),
)

/** Fields a store needs from somewhere (medusa-config.ts or a saved version). */
export const REQUIRED_SETTINGS: ReadonlySet<SettingsKey> = new Set(["merchant_id", "accounts"])
