import { z } from "zod"
import { field } from "../settings/fields"

export const CARD_METHOD = "card"
export const CARD_BRAND_NAMES = ["visa", "mastercard", "maestro", "amex", "jcb"] as const

const Decimal = z.string().regex(/^\d{1,12}(\.\d{1,4})?$/, 'must be a decimal string, e.g. "10.00"')

/**
 * One method of the catalogue a shopper sees: `card` (the hosted page) or an APM's payment_method.
 * Titles and "settles later" come from the settings (apm_methods, async_payment_methods) unless set here.
 * The same schema validates medusa-config's option, the admin's save, and generates the admin's form.
 */
export const PaymentMethodEntry = z
  .object({
    method: field(z.string().regex(/^[\w-]{1,40}$/, "letters, digits, - and _ only"), {
      label: "Method",
      help: "card, or the gateway's code of an APM.",
      kind: "string",
    }),
    title: field(z.string().min(1).max(80).optional(), {
      label: "Title",
      help: "What the shopper sees.",
      kind: "string",
    }),
    /** Replaces the logo shipped with the plugin (an uploaded file's URL). */
    logo_url: field(z.url().optional(), {
      label: "Logo",
      help: "An uploaded logo (PNG, JPEG or WebP).",
      kind: "image",
    }),
    /** Lower first; ties by title. */
    order: field(z.number().int().min(0).max(999).default(100), {
      label: "Order",
      help: "Lower first.",
      kind: "integer",
    }),
    /** In the cart's currency, both included. */
    min_amount: field(Decimal.optional(), { label: "Min amount", help: "e.g. 10.00", kind: "string" }),
    max_amount: field(Decimal.optional(), { label: "Max amount", help: "e.g. 1000.00", kind: "string" }),
    currencies: field(z.array(z.string().regex(/^[A-Z]{3}$/, "3 upper-case letters")).optional(), {
      label: "Currencies",
      help: "e.g. EUR; empty: any.",
      kind: "list",
    }),
    /** The shopper's country (shipping address, else billing). */
    countries: field(z.array(z.string().regex(/^[A-Z]{2}$/, "2 upper-case letters")).optional(), {
      label: "Countries",
      help: "e.g. DE, AT; empty: any.",
      kind: "list",
    }),
    regions: field(z.array(z.string().min(1).max(100)).optional(), {
      label: "Regions",
      help: "Region ids; empty: every region.",
      kind: "list",
    }),
    /** Cards only: the brands shown beside it. */
    brands: field(z.array(z.enum(CARD_BRAND_NAMES)).optional(), {
      label: "Brands",
      help: `Cards only: ${CARD_BRAND_NAMES.join(", ")}.`,
      kind: "list",
    }),
    settles_later: field(z.boolean().optional(), {
      label: "Settles later",
      help: "Paid after the order.",
      kind: "boolean",
    }),
    enabled: field(z.boolean().default(true), { label: "Enabled", help: "Offered to shoppers.", kind: "boolean" }),
  })
  .strict()
export type PaymentMethodEntry = z.infer<typeof PaymentMethodEntry>
