import { z } from "zod"
import { messageOf, statusOf, storeFetch, type StoreClientInput } from "./client"

/** Method names and inline SVG badges (drawn here, not brand artwork), as plain strings. */
export interface MethodDisplay {
  name: string
  svg: string
}

const ESC: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ESC[c])

const badge = (fill: string, body: string, label: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 38 24" width="38" height="24" role="img" aria-label="${esc(label)}">` +
  `<rect width="38" height="24" rx="3" fill="${fill}"/>${body}</svg>`

const word = (text: string, color = "#fff", size = 9) =>
  `<text x="19" y="15.5" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-weight="700" font-size="${size}" fill="${color}">${esc(text)}</text>`

const circles = (left: string, right: string) =>
  `<circle cx="15" cy="12" r="7" fill="${left}"/><circle cx="23" cy="12" r="7" fill="${right}" fill-opacity="0.9"/>`

export const CARD_BRANDS = {
  visa: { name: "Visa", svg: badge("#1a1f71", word("VISA", "#fff", 10), "Visa") },
  mastercard: { name: "Mastercard", svg: badge("#252525", circles("#eb001b", "#f79e1b"), "Mastercard") },
  maestro: { name: "Maestro", svg: badge("#252525", circles("#0099df", "#eb001b"), "Maestro") },
  amex: { name: "American Express", svg: badge("#2e77bc", word("AMEX"), "American Express") },
  jcb: { name: "JCB", svg: badge("#0b5fa5", word("JCB"), "JCB") },
} satisfies Record<string, MethodDisplay>
export type CardBrand = keyof typeof CARD_BRANDS

const CARD: MethodDisplay = {
  name: "Card",
  svg: badge(
    "#4b5563",
    `<rect x="4" y="6" width="30" height="3" fill="#d1d5db"/><rect x="6" y="14" width="12" height="3" rx="1" fill="#e5e7eb"/>`,
    "Card",
  ),
}

/** Alternative payment methods by the name the provider sends (`payment_method`); the sandbox offers sandbox_wallet. */
const wallet = (fill: string, label: string) =>
  badge(
    fill,
    `<rect x="9" y="6" width="20" height="13" rx="2" fill="#f3f4f6"/><circle cx="25" cy="12.5" r="2" fill="${fill}"/>`,
    label,
  )

export const APM_METHODS: Record<string, MethodDisplay> = {
  sandbox_wallet: { name: "Sandbox wallet", svg: wallet("#0f766e", "Sandbox wallet") },
}

/** A method name as a title: "dutch_bank" → "Dutch bank". */
export const humanise = (method: string) =>
  method
    .replace(/[_-]+/g, " ")
    .trim()
    .replace(/^\w/, (c) => c.toUpperCase())

const GENERIC_APM = (name: string): MethodDisplay => ({
  name,
  svg: badge("#6b7280", word(name.slice(0, 1).toUpperCase(), "#fff", 12), name),
})

export const isAcquiringProvider = (id: string | undefined) => !!id && /^pp_acquiring(-apm)?_/.test(id)
export const isApmProvider = (id: string | undefined) => !!id && id.startsWith("pp_acquiring-apm_")

/** Name and logo for a provider id (and, for an APM, the method), e.g. for the payment step. */
export function methodDisplay(provider_id: string, payment_method?: string): MethodDisplay | undefined {
  if (!isAcquiringProvider(provider_id)) return undefined
  if (!isApmProvider(provider_id)) return CARD
  if (!payment_method) return { name: "Wallet", svg: wallet("#6b7280", "Wallet") }
  return Object.hasOwn(APM_METHODS, payment_method)
    ? APM_METHODS[payment_method]
    : GENERIC_APM(humanise(payment_method))
}

export const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`

/** The methods a cart may pay with, as the plugin's store route offers them; expected failures are outcomes. */

export const OfferedMethod = z.object({
  provider_id: z.string(),
  /** An APM's method: pass it as the session's data.payment_method. */
  payment_method: z.string().optional(),
  method: z.string(),
  title: z.string(),
  order: z.number(),
  settles_later: z.boolean(),
  min_amount: z.string().nullable(),
  max_amount: z.string().nullable(),
  countries: z.array(z.string()).nullable(),
  logo_url: z.string(),
  brands: z.array(z.object({ brand: z.string(), logo_url: z.string() })),
})
export type OfferedMethod = z.infer<typeof OfferedMethod>

export const PaymentMethodsOutcome = z.union([
  z.object({ type: z.literal("methods"), payment_methods: z.array(OfferedMethod) }),
  /** 404: no such cart (it was completed or never existed). */
  z.object({ type: z.literal("not_found") }),
  z.object({ type: z.literal("error"), message: z.string(), status: z.number().optional() }),
])
export type PaymentMethodsOutcome = z.infer<typeof PaymentMethodsOutcome>

export async function listPaymentMethods(client: StoreClientInput, cartId: string): Promise<PaymentMethodsOutcome> {
  let answer: unknown
  try {
    answer = await storeFetch(client)(`/store/acquiring/payment-methods?cart_id=${encodeURIComponent(cartId)}`)
  } catch (e) {
    const status = statusOf(e)
    if (status === 404) return { type: "not_found" }
    return { type: "error", message: messageOf(e), ...(status === undefined ? {} : { status }) }
  }
  const parsed = z.object({ payment_methods: z.array(OfferedMethod) }).safeParse(answer)
  if (!parsed.success) return { type: "error", message: "The store answered payment methods in an unknown shape." }
  return { type: "methods", payment_methods: parsed.data.payment_methods }
}

/** Only http(s) logos are drawn: a data: or javascript: URL from a misconfigured entry is left out. */
const safeUrl = (u: string) => (/^https?:\/\//i.test(u) ? esc(u) : "")

/**
 * A radio list of the methods, as HTML (the caller puts it in its form): each input's value is the
 * provider id, and an APM's carries data-payment-method. Every text is escaped.
 */
export function renderPaymentMethods(methods: OfferedMethod[], name = "acquiring_method"): string {
  const items = methods.map((m, i) => {
    const logo = safeUrl(m.logo_url)
    const brands = m.brands
      .map((b) => safeUrl(b.logo_url) && `<img src="${safeUrl(b.logo_url)}" alt="${esc(b.brand)}" height="24">`)
      .join("")
    const later = m.settles_later ? ` <small>(paid later)</small>` : ""
    return (
      `<label class="acq-method"><input type="radio" name="${esc(name)}" value="${esc(m.provider_id)}"` +
      `${m.payment_method ? ` data-payment-method="${esc(m.payment_method)}"` : ""}${i === 0 ? " checked" : ""}>` +
      `${logo ? `<img src="${logo}" alt="" height="24">` : ""}<span>${esc(m.title)}</span>${later}${brands}</label>`
    )
  })
  return `<div class="acq-methods" role="radiogroup">${items.join("")}</div>`
}
