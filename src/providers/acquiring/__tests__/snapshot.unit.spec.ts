import { buildSnapshot, type CartLike } from "../snapshot/build"
import { SUBSCRIPTION_METADATA_KEY } from "../snapshot/subscription"

const TERMS = { contract: "C-1", contract_name: "Coffee club", interval: "month", interval_count: "1", billing_cycle: 12 }

function cart(items: NonNullable<CartLike["items"]>, extra: Record<string, unknown> = {}): CartLike {
  return { id: "cart_1", currency_code: "eur", total: 30, item_subtotal: 30, shipping_subtotal: 0, tax_total: 0, items, ...extra } as CartLike
}
const line = (id: string, price: number, qty: number, meta: { variant?: unknown; product?: unknown } = {}) => ({
  id,
  title: id,
  unit_price: price,
  quantity: qty,
  variant: { id: `variant_${id}`, metadata: meta.variant === undefined ? null : { [SUBSCRIPTION_METADATA_KEY]: meta.variant } },
  product: { id: `prod_${id}`, metadata: meta.product === undefined ? null : { [SUBSCRIPTION_METADATA_KEY]: meta.product } },
})
const build = (c: CartLike, device: Record<string, unknown> = {}, request_ip = "198.51.100.9") =>
  buildSnapshot({ cart: c, payment_collection_id: "pay_col_1", past_orders: [], storefront: { device } as never, request_ip })

describe("cart snapshot: what a shopper can write is not trusted", () => {
  it("the shopper IP is the request's; the storefront's shopper_ip is ignored and not kept", () => {
    const s = build(cart([line("a", 30, 1)]), { shopper_ip: "203.0.113.66", user_agent: "UA" })
    expect(s.shopper_ip).toBe("198.51.100.9")
    expect(s.device).toEqual({ user_agent: "UA" })
  })

  it("subscription terms come from the variant's metadata, else the product's; contract_amount defaults to the line", () => {
    const onVariant = build(cart([line("a", 10, 1), line("b", 7.5, 2, { variant: TERMS, product: { ...TERMS, contract: "P" } })]))
    expect(onVariant.subscription).toEqual({ ...TERMS, contract_amount: "15.00" })
    const onProduct = build(cart([line("a", 10, 1, { product: { ...TERMS, contract_amount: "9.99" } })]))
    expect(onProduct.subscription).toEqual({ ...TERMS, contract_amount: "9.99" })
  })

  it("cart metadata (which the Store API lets a shopper write) never becomes a subscription", () => {
    const s = build(cart([line("a", 30, 1)], { metadata: { subscription: { ...TERMS, contract_amount: "0.01" }, [SUBSCRIPTION_METADATA_KEY]: TERMS } }))
    expect(s.subscription).toBeUndefined()
  })

  it("refuses two different subscriptions and names malformed merchant terms", () => {
    expect(() => build(cart([line("a", 10, 1, { variant: TERMS }), line("b", 10, 1, { variant: { ...TERMS, interval: "year" } })]))).toThrow(
      /two subscriptions \(product variant variant_a and product variant variant_b\)/,
    )
    expect(() => build(cart([line("a", 10, 1, { variant: { ...TERMS, billing_cycle: "often" } })]))).toThrow(
      /product variant variant_a metadata.acquiring_subscription.billing_cycle:/,
    )
  })
})
