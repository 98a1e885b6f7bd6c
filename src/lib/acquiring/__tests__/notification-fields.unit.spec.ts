import {
  CUT_FIELD,
  compactFields,
  deliveryDigest,
  MASKED,
  notificationDialect,
  REFUSED_FIELDS_BUDGET,
  signatureOf,
  storedNotificationFields,
} from "../notification-fields"

describe("storedNotificationFields", () => {
  it("masks card fields to their last four digits and any 13–19 digit run elsewhere", () => {
    const out = storedNotificationFields({
      card_no: "4111111111111111",
      cardExpiry: "12/29",
      remark: "paid with 5555555555554444 today",
      amount: "10.00",
    })
    expect(out.card_no).toBe("************1111")
    expect(out.cardExpiry).toBe(MASKED)
    expect(out.remark).toBe("paid with ************4444 today")
    expect(out.amount).toBe("10.00")
  })

  it("masks secrets whole: the signature in either naming, card tokens, the configured token and expiry fields, CVV", () => {
    const out = storedNotificationFields(
      {
        encryption_data: "ab12",
        signInfo: "cd34",
        token_id: "tk0123456789abcdef",
        card_expiry: "12/29",
        vault_ref: "v-1",
        card_cvv: "123",
        token_flag: "YES",
      },
      { secretFields: new Set(["vault_ref"]) },
    )
    expect(out).toEqual({
      encryption_data: MASKED,
      signInfo: MASKED,
      token_id: MASKED,
      card_expiry: MASKED,
      vault_ref: MASKED,
      card_cvv: MASKED,
      token_flag: "YES",
    })
    // Applying it again (how rows stored before are shown) changes nothing.
    expect(storedNotificationFields(out, { secretFields: new Set(["vault_ref"]) })).toEqual(out)
  })

  it("escapes control characters in names and values, never drops them; tabs and line breaks stay", () => {
    const out = storedNotificationFields({ "x\u0000": "a\u0000b\u001fc", memo: "l1\nl2\tx" })
    expect(out).toEqual({ "x\\u0000": "a\\u0000b\\u001fc", memo: "l1\nl2\tx" })
  })

  it("compacts a refused delivery within the budget, the fields it is read by first, and says what was cut", () => {
    const fields: Record<string, string> = {}
    for (let i = 0; i < 50; i++) fields[`junk${i}`] = "x".repeat(1000)
    fields.order_no = "ORD-1"
    fields.notify_type = "dispute"
    const out = compactFields(fields)
    expect(out).toMatchObject({ order_no: "ORD-1", notify_type: "dispute" })
    const size = Object.entries(out)
      .filter(([k]) => k !== CUT_FIELD)
      .reduce((n, [k, v]) => n + k.length + v.length, 0)
    expect(size).toBeLessThanOrEqual(REFUSED_FIELDS_BUDGET)
    expect(out[CUT_FIELD]).toMatch(/^\d+ more fields \(\d+ characters\) not kept$/)
    expect(Object.values(out).every((v) => v.length <= 256 + 12)).toBe(true)
    expect(compactFields({ a: "1" })).toEqual({ a: "1" })
  })

  it("a delivery's digest is the same in either naming and field order, and differs with any field", () => {
    const a = deliveryDigest({ order_no: "1", amount: "2.00", notify_type: "payment" })
    expect(deliveryDigest({ notify_type: "payment", orderNo: "1", orderAmount: "2.00" })).toBe(a)
    expect(deliveryDigest({ order_no: "1", amount: "2.00", notify_type: "dispute" })).not.toBe(a)
    expect(signatureOf({ signInfo: "AB" })).toBe("AB")
    expect(signatureOf({ order_no: "1" })).toBe("")
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
