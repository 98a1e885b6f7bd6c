import { formatAmounts, showAmount } from "../lib/overview-api"

describe("the overview's money", () => {
  it("shows the currency's minor units without rounding", () => {
    expect(showAmount("17.4", "EUR")).toBe("17.40")
    expect(showAmount("3", "USD")).toBe("3.00")
    expect(showAmount("0.125", "EUR")).toBe("0.125")
    expect(showAmount("500", "JPY")).toBe("500")
    expect(showAmount("1.5", "BHD")).toBe("1.500")
  })

  it("keeps each currency apart", () => {
    expect(formatAmounts({ EUR: "17.4", USD: "2" })).toBe("17.40 EUR · 2.00 USD")
    expect(formatAmounts({})).toBe("0")
  })
})
