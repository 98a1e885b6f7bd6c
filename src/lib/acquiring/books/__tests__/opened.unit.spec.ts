import { gatewayOrderOf, openedOrderOf } from "../opened"

const place = {
  provider_id: "pp_acquiring_acquiring",
  session_id: "payses_1",
  payment_collection_id: "pay_col_1",
  cart_id: null,
}
const data = { order_no: "payses01ABC", currency: "EUR", amount: "12.50", variant: "hosted", account_id: "100000101" }

describe("gatewayOrderOf: one books row, from a session's or a payment's data", () => {
  it("names the gateway order, its money and where it sits", () => {
    expect(gatewayOrderOf(data, place)).toEqual({
      ...place,
      order_no: "payses01ABC",
      account_id: "100000101",
      kind: "checkout",
      amount: "12.50",
      currency_code: "EUR",
      payment_method: null,
      settings_version: 0,
    })
  })

  it("tells the operation that opened it: authorise for APM, token for a saved card", () => {
    expect(gatewayOrderOf({ ...data, variant: "apm" }, place)?.kind).toBe("authorise")
    const saved = { customer_id: "cus_1", holder_id: "accholder_1", save: false, card_id: "card_1" }
    expect(gatewayOrderOf({ ...data, saved_card: saved }, place)?.kind).toBe("token")
  })

  it("is null for data that is not ours", () => {
    expect(gatewayOrderOf({ session_id: "x" }, place)).toBeNull()
    expect(gatewayOrderOf(null, place)).toBeNull()
  })
})

describe("openedOrderOf: a session's row, with its page's end", () => {
  const session = { id: "payses_1", provider_id: "pp_acquiring_acquiring", payment_collection_id: "pay_col_1", data }

  it("ends the page ttl seconds after the session was created", () => {
    const row = openedOrderOf({ ...session, created_at: "2026-01-01T00:00:00.000Z" }, "cart_1", () => 600)
    expect(row).toMatchObject({ order_no: "payses01ABC", cart_id: "cart_1", session_id: "payses_1" })
    expect(row?.page_expires_at?.toISOString()).toBe("2026-01-01T00:10:00.000Z")
  })

  it("skips another provider's session and one adopting a kept order (its row exists)", () => {
    expect(openedOrderOf({ ...session, provider_id: "pp_system_default" }, null, () => 600)).toBeNull()
    expect(openedOrderOf({ ...session, data: { ...data, adopted_from: "pay_1" } }, null, () => 600)).toBeNull()
  })
})
