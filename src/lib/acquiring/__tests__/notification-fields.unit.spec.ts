import { notificationDialect, storedNotificationFields } from "../notification-fields"

describe("storedNotificationFields", () => {
  it("masks card fields to their last four digits and any 13–19 digit run elsewhere", () => {
    const out = storedNotificationFields({
      card_no: "4111111111111111",
      cardExpiry: "12/29",
      remark: "paid with 5555555555554444 today",
      amount: "10.00",
    })
    expect(out.card_no).toBe("************1111")
    expect(out.cardExpiry).toBe("12/29")
    expect(out.remark).toBe("paid with ************4444 today")
    expect(out.amount).toBe("10.00")
  })

  it("keeps signed fields exactly, so a stored notification still verifies (a long numeric transaction id)", () => {
    const out = storedNotificationFields({ transaction_id: "2026112512345678901", tradeNo: "2026112512345678902" })
    expect(out.transaction_id).toBe("2026112512345678901")
    expect(out.tradeNo).toBe("2026112512345678902")
  })

  it("stores only own keys of a plain object; other shapes store nothing", () => {
    const hostile = JSON.parse('{"__proto__": {"polluted": "1"}, "order_no": "x"}')
    const out = storedNotificationFields(hostile)
    expect(Object.keys(out).sort()).toEqual(["__proto__", "order_no"].sort())
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(out.__proto__).toBe('{"polluted":"1"}')
    expect(Object.keys(storedNotificationFields(["a"]))).toEqual([])
    expect(Object.keys(storedNotificationFields(null))).toEqual([])
  })

  it("names the dialect by the field names", () => {
    expect(notificationDialect({ orderNo: "1", merNo: "2" })).toBe("legacy")
    expect(notificationDialect({ order_no: "1", merchant_id: "2" })).toBe("current")
  })
})
