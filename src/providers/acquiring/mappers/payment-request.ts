import type { AuthoriseRequest, CheckoutRequest } from "../../../gateway/schemas/checkout"
import type { ProviderOwnOptions } from "../options"
import type { CartSnapshot } from "../snapshot/schema"
import { cartItems, escapeItemPart, itemsString, ITEM_PART_SEP } from "./items"
import { accountOwner, billingFields, deliveryFields, shopperFields } from "./parties"

export interface RequestContext {
  order_no: string
  currency: string
  amount: string
  notify_url: string
  return_url?: string
  cancel_url?: string
  own: ProviderOwnOptions
  /** ms since epoch */
  now: number
}

const defined = <T extends Record<string, unknown>>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== "")) as T

function website(ctx: RequestContext) {
  return ctx.own.website ?? new URL(ctx.own.store_url).origin
}

/** Fields common to /v1/checkout and /v1/authorise, from the trusted snapshot. */
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
    browser_lang: d.browser_lang,
    time_zone: d.time_zone,
    resolution: d.screen_width && d.screen_height ? `${d.screen_width}x${d.screen_height}` : undefined,
    color_depth: d.color_depth !== undefined ? String(d.color_depth) : undefined,
    cookie_new: d.cookie_new,
    cookie_old: d.cookie_old,
    device_fingerprint: d.device_fingerprint,
    device_type: d.device_type ?? "PC",
  }
}

/** POST /v1/checkout (hosted page) payload, spec §2.2. */
export function checkoutRequest(s: CartSnapshot | null, ctx: RequestContext): CheckoutRequest {
  const d = s?.device ?? {}
  return defined({
    ...baseFields(s, ctx),
    open3d: ctx.own.open3d,
    challenge_window_size: d.challenge_window_size ?? ctx.own.challenge_window_size,
    token_flag: "NO" as const,
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

/** POST /v1/authorise (APM) payload, spec §2.4: no cart_items, account_owner or 3-D Secure fields. */
export function authoriseRequest(s: CartSnapshot | null, ctx: RequestContext & { payment_method: string }): AuthoriseRequest {
  return defined({
    ...baseFields(s, ctx),
    payment_method: ctx.payment_method,
    bank_code: s?.bank_code,
    delivery_street_name: s?.shipping_address?.address_1,
  }) as AuthoriseRequest
}
