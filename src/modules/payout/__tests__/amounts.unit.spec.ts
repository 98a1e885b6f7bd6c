import { currencyDigits, toFixedDecimal } from "../lib/amounts"

describe("currencyDigits", () => {
  it("uses per-currency overrides of the minor-unit digits, the gateway's 2 otherwise", () => {
    expect(currencyDigits("jpy", { JPY: 0 })).toBe(0)
    expect(currencyDigits("JPY")).toBe(2)
  })
})

describe("toFixedDecimal", () => {
  it("pads to two decimals and keeps extra precision", () => {
    expect(toFixedDecimal("12.5")).toBe("12.50")
    expect(toFixedDecimal("7")).toBe("7.00")
    expect(toFixedDecimal("0.125")).toBe("0.125")
    expect(toFixedDecimal("-1.2")).toBe("-1.20")
  })
  it("rejects what is not a plain decimal", () => {
    expect(() => toFixedDecimal("1e3")).toThrow(/plain decimal/)
  })
})
