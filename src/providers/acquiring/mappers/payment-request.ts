import { GATEWAY_DECIMALS, roundForGateway } from "../../../gateway/currencies"
import type { AuthoriseRequest, CheckoutRequest } from "../../../gateway/schemas/checkout"
import { LanguageTag, type ProviderOwnOptions } from "../../../lib/acquiring/options"
import type { CartSnapshot } from "../../../lib/acquiring/snapshot/schema"
import { cartItems, escapeItemPart, itemsString, ITEM_PART_SEP } from "./items"
import { cents, fromCents } from "../../../lib/acquiring/money"
import { accountOwner, billingFields, deliveryFields, shopperFields } from "./parties"

export interface RequestContext {
  order_no: string
  currency: string
  /** The gateway's two-decimal amount (sessionMoney). */
  amount: string
  /** Decimals the currency's amounts carry at the gateway (0 for JPY); 2 when absent. */
  decimals?: number
  notify_url: string
  return_url?: string
  cancel_url?: string
  own: ProviderOwnOptions
  now: number
  /** Saved cards: ask for a token, or pay with one. Checkout only. */
  token_flag?: "YES" | "NO"
  token_id?: string
}

const defined = <T extends Record<string, unknown>>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== "")) as T

function website(ctx: RequestContext) {
  return ctx.own.website ?? new URL(ctx.own.store_url).origin
}

/**
 * A zero-decimal breakdown: parts rounded half up, the rounding moved into tax_total or discount
 * so the parts still add up to the amount (the gateway checks that).
 */
function splitTotals(t: CartSnapshot["totals"], amount: string, decimals: number): CartSnapshot["totals"] {
  const c = (v: string) => cents(roundForGateway(v, decimals))
  const [item, shipping, shippingDiscount] = [c(t.item_total), c(t.shipping), c(t.shipping_discount)]
  let [tax, discount] = [c(t.tax_total), c(t.discount)]
  const residue = cents(amount) - (item + shipping + tax - shippingDiscount - discount)
  if (residue >= 0n) tax += residue
  else discount -= residue
  return {
    item_total: fromCents(item),
    shipping: fromCents(shipping),
    tax_total: fromCents(tax),
    shipping_discount: fromCents(shippingDiscount),
    discount: fromCents(discount),
  }
}

function inCurrency(s: CartSnapshot, ctx: RequestContext): CartSnapshot {
  const decimals = ctx.decimals ?? GATEWAY_DECIMALS
  if (decimals >= GATEWAY_DECIMALS) return s
  const r = (v: string) => roundForGateway(v, decimals)
  return {
    ...s,
    totals: splitTotals(s.totals, ctx.amount, decimals),
    items: s.items.map((i) => ({ ...i, unit_price: r(i.unit_price) })),
    customer: s.customer && { ...s.customer, past_orders_sum: r(s.customer.past_orders_sum) },
    subscription: s.subscription?.contract_amount
      ? { ...s.subscription, contract_amount: r(s.subscription.contract_amount) }
      : s.subscription,
  }
}

/** Hosted-page language: the shopper's browser, else the cart's or order's locale, else default_language. */
export function pageLanguage(
  s: CartSnapshot | null,
  own: Pick<ProviderOwnOptions, "default_language">,
): string | undefined {
  const locale = LanguageTag.safeParse(s?.locale)
  return s?.device?.browser_lang ?? (locale.success ? locale.data : undefined) ?? own.default_language
}

function baseFields(s: CartSnapshot | null, ctx: RequestContext) {
  const money = s
    ? { ...s.totals, items: itemsString(s.items) }
    : {
        // A payment collection without a cart (e.g. an admin payment link): one line for the amount.
        item_total: ctx.amount,
        items: [escapeItemPart(`Payment ${ctx.order_no}`), ctx.order_no, ctx.amount, "1"].join(ITEM_PART_SEP),
      }
  const d = s?.device ?? {}
  return {
    order_no: ctx.order_no,
    currency: ctx.currency,
    amount: ctx.amount,
    ...money,
    website: website(ctx),
    platform_source: ctx.own.platform_source,
    notify_url: ctx.notify_url,
    return_url: ctx.return_url,
    cancel_url: ctx.cancel_url,
    ...(s ? shopperFields(s) : {}),
    ...billingFields(s?.billing_address),
    ...deliveryFields(s?.shipping_address),
    shopper_ip: s?.shopper_ip,
    os: d.os,
    browser: d.browser,
    browser_lang: pageLanguage(s, ctx.own),
    time_zone: d.time_zone,
    resolution: d.screen_width && d.screen_height ? `${d.screen_width}x${d.screen_height}` : undefined,
    color_depth: d.color_depth !== undefined ? String(d.color_depth) : undefined,
    cookie_new: d.cookie_new,
    cookie_old: d.cookie_old,
    device_fingerprint: d.device_fingerprint,
    device_type: d.device_type ?? "PC",
  }
}

/** POST /v1/checkout (hosted page) payload, gateway-interface.md §2.2. */
export function checkoutRequest(snapshot: CartSnapshot | null, ctx: RequestContext): CheckoutRequest {
  const s = snapshot && inCurrency(snapshot, ctx)
  const d = s?.device ?? {}
  return defined({
    ...baseFields(s, ctx),
    open3d: ctx.own.open3d,
    challenge_window_size: d.challenge_window_size ?? ctx.own.challenge_window_size,
    // YES only for a logged-in customer who opted in; token_id only for a saved card of this customer.
    token_flag: ctx.token_flag ?? ("NO" as const),
    token_id: ctx.token_id,
    order_type: "WEB",
    checkout_time: Math.floor(ctx.now / 1000),
    user_agent: d.user_agent,
    antifraud_token_cookie: d.antifraud_token,
    cart_items: s?.items.length ? cartItems(s.items, ctx.currency) : undefined,
    account_owner: s ? accountOwner(s) : undefined,
    total_discount: s?.promo_codes.length
      ? s.promo_codes.map((p) => defined({ coupon_code_used: p.code, discount_type: p.type }))
      : undefined,
    subscription: s?.subscription,
  }) as CheckoutRequest
}

/** POST /v1/authorise (APM) payload, gateway-interface.md §2.4: no cart_items, account_owner, 3-D Secure or token fields. */
export function authoriseRequest(
  snapshot: CartSnapshot | null,
  ctx: RequestContext & { payment_method: string },
): AuthoriseRequest {
  const s = snapshot && inCurrency(snapshot, ctx)
  return defined({
    ...baseFields(s, ctx),
    payment_method: ctx.payment_method,
    bank_code: s?.bank_code,
    delivery_street_name: s?.shipping_address?.address_1,
  }) as AuthoriseRequest
}
