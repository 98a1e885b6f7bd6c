import { MathBN } from "@medusajs/framework/utils"
import { humanise } from "../../../storefront/methods"
import { CARD_METHOD, type PaymentMethodEntry } from "./entry"

export interface CatalogueSource {
  hosted_provider_id: string
  apm_provider_id: string
  /** The effective options (settings applied). */
  allowed_payment_methods: string[]
  /** The APM a session uses when the storefront names none. */
  payment_method?: string
  payment_method_titles: Record<string, string>
  async_payment_methods: string[]
  payment_methods?: PaymentMethodEntry[]
}

export interface CartFacts {
  region_id: string
  currency_code: string
  /** The cart's total in major units, as Medusa holds it. */
  total: string
  country_code: string | null
  /** The region's enabled payment providers. */
  provider_ids: string[]
}

export interface OfferedMethod {
  provider_id: string
  /** The APM's payment_method for the session's data; absent for cards. */
  payment_method?: string
  method: string
  title: string
  order: number
  settles_later: boolean
  min_amount: string | null
  max_amount: string | null
  countries: string[] | null
  brands: string[]
  /** A logo of the entry, or the shipped one's name (the route makes it a URL). */
  logo: { url: string } | { shipped: string }
}

/** The configured entries, or one per offered method when none are: card first, then each APM. */
export function entriesOf(s: CatalogueSource): PaymentMethodEntry[] {
  if (s.payment_methods?.length) return s.payment_methods
  const card: PaymentMethodEntry = { method: CARD_METHOD, order: 0, brands: ["visa", "mastercard"], enabled: true }
  const apms = s.allowed_payment_methods.length ? s.allowed_payment_methods : s.payment_method ? [s.payment_method] : []
  return [card, ...apms.map((method, i) => ({ method, order: 10 + i, enabled: true }))]
}

/** Whether the cart may use the entry: its region, currency, amount limits and the shopper's country. */
export function eligible(e: PaymentMethodEntry, cart: CartFacts): boolean {
  if (!e.enabled) return false
  if (e.regions && !e.regions.includes(cart.region_id)) return false
  if (e.currencies && !e.currencies.includes(cart.currency_code.toUpperCase())) return false
  if (e.countries && !(cart.country_code && e.countries.includes(cart.country_code.toUpperCase()))) return false
  if (e.min_amount && MathBN.lt(cart.total, e.min_amount)) return false
  if (e.max_amount && MathBN.gt(cart.total, e.max_amount)) return false
  return true
}

/** The methods a cart is offered by one provider entry, in the catalogue's order. */
export function offeredMethods(s: CatalogueSource, cart: CartFacts): OfferedMethod[] {
  const out: OfferedMethod[] = []
  for (const e of entriesOf(s)) {
    const card = e.method === CARD_METHOD
    const provider_id = card ? s.hosted_provider_id : s.apm_provider_id
    if (!cart.provider_ids.includes(provider_id) || !eligible(e, cart)) continue
    // An APM the provider would refuse is never offered (the settings' list, when it has one).
    if (!card && s.allowed_payment_methods.length && !s.allowed_payment_methods.includes(e.method)) continue
    out.push({
      provider_id,
      ...(card ? {} : { payment_method: e.method }),
      method: e.method,
      title: e.title ?? (card ? "Card" : (s.payment_method_titles[e.method] ?? humanise(e.method))),
      order: e.order,
      settles_later: e.settles_later ?? (!card && s.async_payment_methods.includes(e.method)),
      min_amount: e.min_amount ?? null,
      max_amount: e.max_amount ?? null,
      countries: e.countries ?? null,
      brands: card ? (e.brands ?? []) : [],
      logo: e.logo_url ? { url: e.logo_url } : { shipped: e.method },
    })
  }
  return out.sort((a, b) => a.order - b.order || a.title.localeCompare(b.title))
}
