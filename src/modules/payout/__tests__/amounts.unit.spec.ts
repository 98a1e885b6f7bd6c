import { currencyDigits, minorToDecimal, toFixedDecimal } from "../lib/amounts"

describe("minorToDecimal", () => {
  it("reads integers as hundredths by default, exactly", () => {
    expect(minorToDecimal(1250, "EUR")).toBe("12.50")
    expect(minorToDecimal(5, "USD")).toBe("0.05")
    expect(minorToDecimal(0, "USD")).toBe("0.00")
    expect(minorToDecimal(-399, "GBP")).toBe("-3.99")
    // beyond float's exact decimal range: 2^53 - 1 hundredths
    expect(minorToDecimal(9007199254740991, "USD")).toBe("90071992547409.91")
  })

  it("uses per-currency overrides of the minor-unit digits", () => {
    expect(minorToDecimal(1000, "JPY", { JPY: 0 })).toBe("1000")
    expect(minorToDecimal(1234, "KWD", { KWD: 3 })).toBe("1.234")
    expect(minorToDecimal(7, "KWD", { KWD: 3 })).toBe("0.007")
    expect(currencyDigits("jpy", { JPY: 0 })).toBe(0)
    expect(currencyDigits("JPY")).toBe(2)
  })

  it("refuses non-integers instead of rounding", () => {
    expect(() => minorToDecimal(12.5, "EUR")).toThrow(/integer/)
    expect(() => minorToDecimal(Number.NaN, "EUR")).toThrow(/integer/)
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
