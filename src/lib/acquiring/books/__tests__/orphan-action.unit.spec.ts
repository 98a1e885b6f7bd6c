import { PAYMENT_STATUS, QUERY_RESULT } from "../../../../gateway/status-codes"
import { orphanAction } from "../orphan-action"

const rec = (payment_status: string) => ({ payment_status, query_result: QUERY_RESULT.SUCCESS })

describe("orphanAction", () => {
  it.each([
    [PAYMENT_STATUS.AUTHORISED, "void"],
    [PAYMENT_STATUS.REVIEW, "void"],
    [PAYMENT_STATUS.PAID, "refund"],
    [PAYMENT_STATUS.PARTIALLY_REFUNDED, "report"],
    [PAYMENT_STATUS.REFUNDED, "close"],
    [PAYMENT_STATUS.CANCELLED, "close"],
    [PAYMENT_STATUS.DECLINED, "close"],
    ["7777", "report"],
  ])("payment_status %s → %s", (code, action) => {
    expect(orphanAction(rec(code), false)).toBe(action)
  })

  it("waits while the page can still be paid, closes after", () => {
    expect(orphanAction(undefined, false)).toBe("wait")
    expect(orphanAction(undefined, true)).toBe("close")
    expect(orphanAction(rec(PAYMENT_STATUS.WAITING_SHOPPER), false)).toBe("wait")
    expect(orphanAction(rec(PAYMENT_STATUS.WAITING_SHOPPER), true)).toBe("close")
  })

  it("follows the merchant's status_map", () => {
    expect(orphanAction(rec("7777"), false, { "7777": "authorized" })).toBe("void")
    expect(orphanAction(rec(PAYMENT_STATUS.PAID), false, { [PAYMENT_STATUS.PAID]: "error" })).toBe("close")
  })
})
