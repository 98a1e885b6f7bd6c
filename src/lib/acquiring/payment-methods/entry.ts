import { z } from "zod"

export const CARD_METHOD = "card"
export const CARD_BRAND_NAMES = ["visa", "mastercard", "maestro", "amex", "jcb"] as const

const Decimal = z.string().regex(/^\d{1,12}(\.\d{1,4})?$/, 'must be a decimal string, e.g. "10.00"')

/**
 * One method of the catalogue a shopper sees: `card` (the hosted page) or an APM's payment_method.
 * Titles and "settles later" come from the settings (apm_methods, async_payment_methods) unless set here.
 */
export const PaymentMethodEntry = z
  .object({
    method: z.string().regex(/^[\w-]{1,40}$/, "letters, digits, - and _ only"),
    title: z.string().min(1).max(80).optional(),
    /** Replaces the logo shipped with the plugin (an uploaded file's URL). */
    logo_url: z.url().optional(),
    /** Lower first; ties by title. */
    order: z.number().int().min(0).max(999).default(100),
    /** In the cart's currency, both included. */
    min_amount: Decimal.optional(),
    max_amount: Decimal.optional(),
    currencies: z.array(z.string().regex(/^[A-Z]{3}$/, "3 upper-case letters")).optional(),
    /** The shopper's country (shipping address, else billing). */
    countries: z.array(z.string().regex(/^[A-Z]{2}$/, "2 upper-case letters")).optional(),
    regions: z.array(z.string().min(1).max(100)).optional(),
    /** Cards only: the brands shown beside it. */
    brands: z.array(z.enum(CARD_BRAND_NAMES)).optional(),
    settles_later: z.boolean().optional(),
    enabled: z.boolean().default(true),
  })
  .strict()
export type PaymentMethodEntry = z.infer<typeof PaymentMethodEntry>
