import { breakdown } from "../../../lib/acquiring/breakdown"
import { cartItems, escapeItemPart, itemsString } from "../mappers/items"
import { cents, fromCents, toAmount } from "../../../lib/acquiring/money"
import { orderNoFromSession, sessionIdFromOrderNo } from "../../../lib/acquiring/order-no"
import { mergeRefunds, refundedTotal } from "../../../lib/acquiring/refunds"
import { mapOrderRecord } from "../../../lib/acquiring/status"

describe("money", () => {
  it("formats Medusa amounts to exact two-decimal strings, half up", () => {
    expect(toAmount({ value: "10.005", precision: 20 } as never)).toBe("10.01")
    expect(toAmount("0.1")).toBe("0.10")
    expect(toAmount(0.1 + 0.2)).toBe("0.30")
    expect(toAmount("123456789.994")).toBe("123456789.99")
    expect(fromCents(cents("12.05") - cents("0.06"))).toBe("11.99")
    expect(fromCents(-5n)).toBe("-0.05")
  })
})

describe("breakdown", () => {
  it("splits a discounted cart so the parts sum exactly to the total", () => {
    const r = breakdown({ total: "32.89", item_subtotal: "32.99", shipping_subtotal: "4.9", tax_total: "0" })
    expect(r.totals).toEqual({
      item_total: "32.99",
      shipping: "4.90",
      tax_total: "0.00",
      shipping_discount: "0.00",
      discount: "5.00",
    })
    const t = r.totals
    expect(
      cents(t.item_total) + cents(t.shipping) + cents(t.tax_total) - cents(t.shipping_discount) - cents(t.discount),
    ).toBe(cents(r.total))
  })
  it("absorbs a one-cent rounding residue into tax and refuses real inconsistencies", () => {
    const r = breakdown({ total: "10.01", item_subtotal: "8.403", shipping_subtotal: "0", tax_total: "1.596" })
    expect(r.totals.tax_total).toBe("1.61")
    expect(r.totals.discount).toBe("0.00")
    expect(() => breakdown({ total: "20.00", item_subtotal: "10", shipping_subtotal: "0", tax_total: "0" })).toThrow(
      /inconsistent/,
    )
  })
})

describe("items", () => {
  const items = [
    { id: "i1", name: "Mug #,# deluxe", sku: "MUG#;#1", unit_price: "12.50", quantity: 2 },
    { id: "i2", name: "Tee", product_id: "prod_1", unit_price: "7.99", quantity: 1, category: "apparel" },
  ]
  it("joins parts with #,# and items with #;#, escaping # in values", () => {
    expect(itemsString(items)).toBe("Mug ＃,＃ deluxe#,#MUG＃;＃1#,#12.50#,#2#;#Tee#,#prod_1#,#7.99#,#1")
    expect(escapeItemPart("a#b\nc")).toBe("a＃b c")
  })
  it("stays within 5000 characters and says how many items were left out", () => {
    const many = Array.from({ length: 200 }, (_, i) => ({
      id: `i${i}`,
      name: "x".repeat(60),
      unit_price: "1.00",
      quantity: 1,
    }))
    const s = itemsString(many)
    expect(s.length).toBeLessThanOrEqual(5000)
    expect(s).toMatch(/#;#\d+ more#,#-#,#0\.00#,#0$/)
  })
  it("cart_items carry local prices, and USD only when the order is in USD", () => {
    expect(cartItems(items, "EUR")[1].basic_item_data).toEqual({
      name: "Tee",
      quantity: "1",
      type: "physical",
      price: { amount_local_currency: 7.99, currency: "EUR" },
      category: "apparel",
      productId: "prod_1",
    })
    expect(cartItems(items, "USD")[0].basic_item_data.price).toEqual({
      amount_local_currency: 12.5,
      currency: "USD",
      amount_usd: 12.5,
    })
  })
})

describe("order_no", () => {
  it("is the alphanumeric session id and maps back", () => {
    const id = "payses_01M7YMD5S5M79TYD4K1M8ETN8H"
    const no = orderNoFromSession(id)
    expect(no).toBe("payses01M7YMD5S5M79TYD4K1M8ETN8H")
    expect(sessionIdFromOrderNo(no)).toBe(id)
    expect(sessionIdFromOrderNo("ORDER12345")).toBeNull()
    expect(() => orderNoFromSession("a_b")).toThrow(/5 to 50/)
  })
})

describe("status mapping", () => {
  it.each([
    ["1000", "pending"],
    ["1100", "pending_authorization"],
    ["2000", "authorized"],
    ["3000", "captured"],
    ["4100", "captured"],
    ["5000", "canceled"],
    ["6000", "error"],
  ])("payment_status %s → %s", (code, status) => {
    expect(mapOrderRecord({ payment_status: code, query_result: "1" }).status).toBe(status)
  })
  it("no record is pending; unknown codes are a flagged safe pending; overrides win", () => {
    expect(mapOrderRecord(undefined)).toEqual({ status: "pending", code: "none", known: true })
    expect(mapOrderRecord({ payment_status: "7777", query_result: "1" })).toEqual({
      status: "pending",
      code: "7777",
      known: false,
    })
    expect(mapOrderRecord({ payment_status: "1100", query_result: "-2" }, { "1100": "pending" }).status).toBe("pending")
    expect(mapOrderRecord({ query_result: "0" } as never).status).toBe("error")
  })
})

describe("refunds", () => {
  it("merges by refund_reference_id, keeps Medusa ids, adds portal refunds and sums exactly", () => {
    const known = [
      { refund_reference_id: "T1-01", refund_amount: "10.00", refund_status: "2", medusa_refund_id: "ref_1" },
    ]
    const merged = mergeRefunds(known, [
      {
        refund_reference_id: "T1-01",
        refund_amount: "10.00",
        refund_status: "1",
        refund_date: "20260101120000",
      } as never,
      { refund_reference_id: "T1-02", refund_amount: "0.1", refund_status: "1" } as never,
    ])
    expect(merged).toEqual([
      {
        refund_reference_id: "T1-01",
        refund_amount: "10.00",
        refund_status: "1",
        refund_date: "20260101120000",
        medusa_refund_id: "ref_1",
      },
      { refund_reference_id: "T1-02", refund_amount: "0.1", refund_status: "1" },
    ])
    expect(refundedTotal(merged)).toBe("10.10")
    expect(
      refundedTotal([...merged, { refund_reference_id: "T1-03", refund_amount: "5.00", refund_status: "0" }]),
    ).toBe("10.10")
  })
})
