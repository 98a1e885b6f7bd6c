import {
  currencyDigitsTable,
  fractionBeyondMinorUnit,
  fromUnits,
  gatewayAmount,
  minorUnitDigits,
  roundForGateway,
  toUnits,
} from "../currencies"

const refuse = { currency_rounding: "refuse" as const }
const halfUp = { currency_rounding: "half_up" as const }

describe("currency table (ISO 4217, ICU only for codes ISO lacks)", () => {
  it("JPY 0, EUR 2, KWD 3, and an unknown well-formed code the gateway's 2", () => {
    expect(minorUnitDigits("JPY")).toBe(0)
    expect(minorUnitDigits("krw")).toBe(0)
    expect(minorUnitDigits("EUR")).toBe(2)
    expect(minorUnitDigits("KWD")).toBe(3)
    for (const c of ["BHD", "JOD", "OMR", "TND"]) expect(minorUnitDigits(c)).toBe(3)
    expect(minorUnitDigits("QQQ")).toBe(2)
  })

  it("the merchant's override wins, for a listed code and one ICU does not list", () => {
    // ISO 4217, not CLDR's display digits (0 for HUF, IDR, COP): a HUF shop's 1234.50 is valid.
    for (const c of ["HUF", "IDR", "COP", "PKR"]) expect(minorUnitDigits(c)).toBe(2)
    expect(minorUnitDigits("IQD")).toBe(3)
    expect(minorUnitDigits("HUF", { HUF: 0 })).toBe(0)
    expect(minorUnitDigits("JPY", { HUF: 2 })).toBe(0)
    const table = currencyDigitsTable({ HUF: 2, XTS: 0 })
    expect(table).toMatchObject({ JPY: 0, EUR: 2, KWD: 3, USD: 2, HUF: 2, XTS: 0 })
    expect(Object.keys(table).length).toBeGreaterThan(150)
  })

  it("an override named like an Object.prototype member is not read from the prototype", () => {
    expect(minorUnitDigits("EUR", Object.create({ EUR: 0 }))).toBe(2)
  })
})

describe("exact decimal units", () => {
  it("rounds half up (ties away from zero) and says whether anything was cut", () => {
    expect(toUnits("1098.9", 0)).toEqual({ units: 1099n, exact: false })
    expect(toUnits("1098.4999", 0)).toEqual({ units: 1098n, exact: false })
    expect(toUnits("1000.000", 0)).toEqual({ units: 1000n, exact: true })
    expect(toUnits("10.125", 2)).toEqual({ units: 1013n, exact: false })
    expect(toUnits("-0.5", 0)).toEqual({ units: -1n, exact: false })
    expect(toUnits("7", 2)).toEqual({ units: 700n, exact: true })
    expect(() => toUnits("1e3", 0)).toThrow(/plain decimal/)
  })
  it("writes units with the gateway's two decimals", () => {
    expect(fromUnits(1099n, 0)).toBe("1099.00")
    expect(fromUnits(5n, 2)).toBe("0.05")
    expect(fromUnits(-1013n, 2)).toBe("-10.13")
    expect(roundForGateway("272.727272727", 0)).toBe("273.00")
  })
})

describe("gateway amount per currency", () => {
  it("zero-decimal currencies go as whole units in the two-decimal format", () => {
    expect(gatewayAmount("1000", "JPY", refuse)).toEqual({
      ok: true,
      amount: "1000.00",
      digits: 0,
      decimals: 0,
      rounded: false,
    })
    expect(gatewayAmount("15000", "KRW", refuse)).toMatchObject({ ok: true, amount: "15000.00" })
  })

  it("a fraction of a yen is refused by default, naming the currency and the amount", () => {
    const r = gatewayAmount("1098.9", "JPY", refuse)
    expect(r.ok).toBe(false)
    expect(!r.ok && r.reason).toBe(
      '1098.9 JPY is not a whole amount of JPY, which has 0 decimal places; the gateway would charge a rounded amount, so the payment is refused (provider option currency_rounding: "half_up" rounds it to 1099.00)',
    )
  })

  it("three-decimal currencies are refused by default, whatever the amount", () => {
    for (const value of ["10.125", "10"]) {
      const r = gatewayAmount(value, "KWD", refuse)
      expect(r.ok).toBe(false)
      expect(!r.ok && r.reason).toContain(
        `KWD has 3 decimal places and the gateway takes amounts with at most two, so ${value} KWD would be rounded`,
      )
    }
  })

  it("half_up rounds both to what the gateway carries", () => {
    expect(gatewayAmount("1098.9", "JPY", halfUp)).toEqual({
      ok: true,
      amount: "1099.00",
      digits: 0,
      decimals: 0,
      rounded: true,
    })
    expect(gatewayAmount("1098.4", "JPY", halfUp)).toMatchObject({ amount: "1098.00", rounded: true })
    expect(gatewayAmount("10.125", "KWD", halfUp)).toEqual({
      ok: true,
      amount: "10.13",
      digits: 3,
      decimals: 2,
      rounded: true,
    })
    expect(gatewayAmount("10.120", "KWD", halfUp)).toMatchObject({ amount: "10.12", rounded: false })
  })

  it("two-decimal currencies keep Medusa's cent rounding in either mode (sub-cent tax noise)", () => {
    for (const rule of [refuse, halfUp])
      expect(gatewayAmount("11.8881", "EUR", rule)).toEqual({
        ok: true,
        amount: "11.89",
        digits: 2,
        decimals: 2,
        rounded: false,
      })
  })

  it("an override changes the verdict: HUF takes fillér (ISO 4217) unless the merchant says 0 digits", () => {
    expect(gatewayAmount("1234.5", "HUF", refuse)).toMatchObject({ ok: true, amount: "1234.50" })
    expect(gatewayAmount("1234.5", "HUF", { ...refuse, currency_digits: { HUF: 0 } }).ok).toBe(false)
  })
})

describe("fraction beyond the minor unit (the sandbox's check)", () => {
  it("1000.00 JPY is whole, 1000.50 JPY is not; two decimals are fine for EUR and KWD", () => {
    expect(fractionBeyondMinorUnit("1000.00", "JPY")).toBe(false)
    expect(fractionBeyondMinorUnit("1000.50", "JPY")).toBe(true)
    expect(fractionBeyondMinorUnit("10.50", "EUR")).toBe(false)
    expect(fractionBeyondMinorUnit("10.13", "KWD")).toBe(false)
  })
})
