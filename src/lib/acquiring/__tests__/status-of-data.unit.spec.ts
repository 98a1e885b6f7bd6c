import { PAYMENT_STATUS } from "../../../gateway/status-codes"
import { statusOfData } from "../status"

/** deletePayment reads back what the provider answered Medusa: only a paid answer keeps the gateway order. */
describe("statusOfData", () => {
  it("a session never authorised (no code) or one whose amount differed is not held", () => {
    expect(statusOfData(undefined)).toBe("pending")
    expect(statusOfData("none")).toBe("pending")
    expect(statusOfData("amount_mismatch")).toBe("pending")
    expect(statusOfData(PAYMENT_STATUS.WAITING_SHOPPER)).toBe("pending")
  })

  it("authorised, paid, refunded and review codes read back as Medusa was told", () => {
    expect(statusOfData(PAYMENT_STATUS.AUTHORISED)).toBe("authorized")
    expect(statusOfData(PAYMENT_STATUS.PAID)).toBe("captured")
    expect(statusOfData(PAYMENT_STATUS.PARTIALLY_REFUNDED)).toBe("captured")
    expect(statusOfData(PAYMENT_STATUS.REVIEW)).toBe("pending_authorization")
    expect(statusOfData(PAYMENT_STATUS.CANCELLED)).toBe("canceled")
    expect(statusOfData("query_result:1")).toBe("authorized")
  })

  it("the merchant's status_map and the variant's defaults apply as when the answer was given", () => {
    expect(statusOfData("7000", { "7000": "captured" })).toBe("captured")
    expect(statusOfData(PAYMENT_STATUS.AUTHORISED, {}, { [PAYMENT_STATUS.AUTHORISED]: "captured" })).toBe("captured")
  })
})
