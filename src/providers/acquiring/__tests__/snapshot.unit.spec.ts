import { buildSnapshot, type CartLike } from "../../../lib/acquiring/snapshot/build"
import { collectionAsCart, orderAsCart } from "../../../lib/acquiring/snapshot/order"
import { SUBSCRIPTION_METADATA_KEY } from "../../../lib/acquiring/snapshot/subscription"

const TERMS = {
  contract: "C-1",
  contract_name: "Coffee club",
  interval: "month",
  interval_count: "1",
  billing_cycle: 12,
}

function cart(items: NonNullable<CartLike["items"]>, extra: Record<string, unknown> = {}): CartLike {
  return {
    id: "cart_1",
    currency_code: "eur",
    total: 30,
    item_subtotal: 30,
    shipping_subtotal: 0,
    tax_total: 0,
    items,
    ...extra,
  } as CartLike
}
const line = (id: string, price: number, qty: number, meta: { variant?: unknown; product?: unknown } = {}) => ({
  id,
  title: id,
  unit_price: price,
  quantity: qty,
  variant: {
    id: `variant_${id}`,
    metadata: meta.variant === undefined ? null : { [SUBSCRIPTION_METADATA_KEY]: meta.variant },
  },
  product: {
    id: `prod_${id}`,
    metadata: meta.product === undefined ? null : { [SUBSCRIPTION_METADATA_KEY]: meta.product },
  },
})
const build = (c: CartLike, device: Record<string, unknown> = {}, request_ip = "198.51.100.9") =>
  buildSnapshot({
    cart: c,
    payment_collection_id: "pay_col_1",
    past_orders: [],
    storefront: { device } as never,
    request_ip,
  })

describe("cart snapshot: what a shopper can write is not trusted", () => {
  it("the shopper IP is the request's; the storefront's shopper_ip is ignored and not kept", () => {
    const s = build(cart([line("a", 30, 1)]), { shopper_ip: "203.0.113.66", user_agent: "UA" })
    expect(s.shopper_ip).toBe("198.51.100.9")
    expect(s.device).toEqual({ user_agent: "UA" })
  })

  it("subscription terms come from the variant's metadata, else the product's; contract_amount defaults to the line", () => {
    const onVariant = build(
      cart([line("a", 10, 1), line("b", 7.5, 2, { variant: TERMS, product: { ...TERMS, contract: "P" } })]),
    )
    expect(onVariant.subscription).toEqual({ ...TERMS, contract_amount: "15.00" })
    const onProduct = build(cart([line("a", 10, 1, { product: { ...TERMS, contract_amount: "9.99" } })]))
    expect(onProduct.subscription).toEqual({ ...TERMS, contract_amount: "9.99" })
  })

  it("cart metadata (which the Store API lets a shopper write) never becomes a subscription", () => {
    const s = build(
      cart([line("a", 30, 1)], {
        metadata: { subscription: { ...TERMS, contract_amount: "0.01" }, [SUBSCRIPTION_METADATA_KEY]: TERMS },
      }),
    )
    expect(s.subscription).toBeUndefined()
  })

  it("refuses two different subscriptions and names malformed merchant terms", () => {
    expect(() =>
      build(
        cart([line("a", 10, 1, { variant: TERMS }), line("b", 10, 1, { variant: { ...TERMS, interval: "year" } })]),
      ),
    ).toThrow(/two subscriptions \(product variant variant_a and product variant variant_b\)/)
    expect(() => build(cart([line("a", 10, 1, { variant: { ...TERMS, billing_cycle: "often" } })]))).toThrow(
      /product variant variant_a metadata.acquiring_subscription.billing_cycle:/,
    )
  })
})

describe("snapshot of a payment after checkout (order collections)", () => {
  const order = {
    ...cart([line("a", 10, 2), line("b", 5, 1)], { total: 28, item_subtotal: 25, shipping_subtotal: 3 }),
    display_id: 42,
  }

  it("a collection for the order's whole total pays the order's own lines and breakdown", () => {
    const s = buildSnapshot({
      cart: orderAsCart(order, 28),
      owner: { order_id: "order_1" },
      payment_collection_id: "pay_col_2",
      past_orders: [],
      storefront: {},
    })
    expect(s).toMatchObject({
      order_id: "order_1",
      total: "28.00",
      totals: { item_total: "25.00", shipping: "3.00", discount: "0.00" },
    })
    expect(s.cart_id).toBeUndefined()
    expect(s.items.map((i) => i.id)).toEqual(["a", "b"])
  })

  it("a difference is one 'Balance for order #…' line whose parts add up to the collection's amount exactly", () => {
    const s = buildSnapshot({
      cart: orderAsCart(order, "7.99"),
      owner: { order_id: "order_1" },
      payment_collection_id: "pay_col_2",
      past_orders: [],
      storefront: {},
    })
    expect(s.total).toBe("7.99")
    expect(s.totals).toEqual({
      item_total: "7.99",
      shipping: "0.00",
      tax_total: "0.00",
      shipping_discount: "0.00",
      discount: "0.00",
    })
    expect(s.items).toEqual([{ id: "cart_1", name: "Balance for order #42", unit_price: "7.99", quantity: 1 }])
  })

  it("a collection of neither cart nor order is one line for its amount", () => {
    const s = buildSnapshot({
      cart: collectionAsCart({ id: "pay_col_3", currency_code: "eur", amount: 12.5 }),
      owner: {},
      payment_collection_id: "pay_col_3",
      past_orders: [],
      storefront: {},
    })
    expect(s).toMatchObject({
      total: "12.50",
      items: [{ name: "Payment pay_col_3", unit_price: "12.50", quantity: 1 }],
    })
    expect([s.cart_id, s.order_id]).toEqual([undefined, undefined])
  })
})
