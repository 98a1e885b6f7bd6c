import { PayoutResponse } from "../../../gateway/schemas"
import { readPayoutAmount } from "../lib/amounts"
import { updateFromNotification, updateFromResponse } from "../lib/gateway-update"
import { GATEWAY_PROFILES } from "../../../gateway/profile"
import { parsePayoutModuleOptions, resolvePayoutOptions } from "../options"

/**
 * payouts.amount_unit (#17): the payout answer's integer amounts are minor or major units and the
 * wire cannot tell; the option names it and every amount is read exactly in that unit.
 */
const answer = (amounts: Record<string, unknown>) =>
  PayoutResponse.parse({
    request_id: "0b7a6f2e-8f8e-4a53-9a55-1f7f1f0e6a11",
    payment_amount: "100.00",
    payment_currency: "EUR",
    status: "COMPLETED",
    fee_currency: "EUR",
    ...amounts,
  })

describe("payouts.amount_unit option", () => {
  it("defaults to minor and takes major; anything else names the option", () => {
    const documented = GATEWAY_PROFILES.documented
    expect(resolvePayoutOptions(parsePayoutModuleOptions({}).payouts, documented).amount_unit).toBe("minor")
    expect(resolvePayoutOptions(parsePayoutModuleOptions({}).payouts, GATEWAY_PROFILES.legacy).amount_unit).toBe(
      "major",
    )
    // The old key still counts, over the profile.
    const old = parsePayoutModuleOptions({ payouts: { amount_unit: "major" } }).payouts
    expect(resolvePayoutOptions(old, documented).amount_unit).toBe("major")
    expect(() => parsePayoutModuleOptions({ payouts: { amount_unit: "cents" } })).toThrow(
      /Invalid plugin option payouts\.amount_unit/,
    )
  })
})

describe("readPayoutAmount", () => {
  const minor = { unit: "minor" as const, field: "fee_amount" }
  const major = { unit: "major" as const, field: "fee_amount" }

  it("minor: integers (number or text) as hundredths, per-currency digits, beyond 2^53 as text", () => {
    expect(readPayoutAmount(150, "EUR", minor)).toBe("1.50")
    expect(readPayoutAmount("9850", "EUR", minor)).toBe("98.50")
    expect(readPayoutAmount(5, "USD", minor)).toBe("0.05")
    expect(readPayoutAmount(-399, "GBP", minor)).toBe("-3.99")
    expect(readPayoutAmount(15300, "JPY", { ...minor, digits: { JPY: 0 } })).toBe("15300")
    expect(readPayoutAmount("123456789012345678901", "EUR", minor)).toBe("1234567890123456789.01")
  })

  it("minor: a fraction is refused with the option to set, never rounded", () => {
    expect(() => readPayoutAmount(1.5, "EUR", minor)).toThrow(
      'fee_amount 1.5 is not a whole number of minor units: if your gateway writes payout amounts in currency units, set gateway_profile.payout_amount_unit: "major"',
    )
  })

  it("major: numbers and decimal text in currency units, padded to two decimals, exactly", () => {
    expect(readPayoutAmount(1.5, "EUR", major)).toBe("1.50")
    expect(readPayoutAmount(98, "EUR", major)).toBe("98.00")
    expect(readPayoutAmount("98.50", "EUR", major)).toBe("98.50")
    expect(readPayoutAmount(0.1, "EUR", major)).toBe("0.10")
    expect(readPayoutAmount("1234567890123.456", "KWD", major)).toBe("1234567890123.456")
  })

  it("refuses what is not an exact decimal: exponent forms, unsafe integers, too many digits for a double", () => {
    expect(() => readPayoutAmount(1e21, "EUR", major)).toThrow(/not an exact decimal amount/)
    expect(() => readPayoutAmount(2 ** 53 + 2, "EUR", minor)).toThrow(/not an exact decimal amount/)
    expect(() => readPayoutAmount(0.1 + 0.2, "EUR", major)).toThrow(/not an exact decimal amount/)
    expect(() => readPayoutAmount("12,50", "EUR", major)).toThrow(/not an exact decimal amount/)
  })
})

describe("the payout answer in either unit", () => {
  // The sandbox's fee (100 fixed + 50 bp of 100.00 EUR) in each unit: the same payout, the same record.
  const expected = { fee_amount: "1.50", amount_beneficiary_receives: "98.50", amount_payer_pays: "100.00" }

  it("minor integers and major decimals of one payout map to the same amounts", () => {
    const inMinor = answer({ fee_amount: 150, amount_beneficiary_receives: 9850, amount_payer_pays: 10000 })
    const inMajor = answer({ fee_amount: 1.5, amount_beneficiary_receives: 98.5, amount_payer_pays: 100 })
    expect(updateFromResponse(inMinor, { payment_currency: "EUR" })).toMatchObject(expected)
    expect(updateFromResponse(inMajor, { payment_currency: "EUR", unit: "major" })).toMatchObject(expected)
  })

  it("the wrong unit is never silently a wrong amount: a major answer read as minor throws naming the option", () => {
    const inMajor = answer({ fee_amount: 1.5, amount_beneficiary_receives: 98.5, amount_payer_pays: 100 })
    expect(() => updateFromResponse(inMajor, { payment_currency: "EUR" })).toThrow(
      /gateway_profile\.payout_amount_unit: "major"/,
    )
  })

  it("a form-encoded notification's amounts are read from their text in the configured unit", () => {
    const note = {
      request_id: "0b7a6f2e-8f8e-4a53-9a55-1f7f1f0e6a11",
      status: "COMPLETED",
      order_status: "1",
      fee_amount: "1.50",
      amount_beneficiary_receives: "98.50",
      amount_payer_pays: "100",
    }
    expect(updateFromNotification(note, { payment_currency: "EUR", unit: "major" })).toMatchObject(expected)
    const minorNote = { ...note, fee_amount: "150", amount_beneficiary_receives: "9850", amount_payer_pays: "10000" }
    expect(updateFromNotification(minorNote, { payment_currency: "EUR" })).toMatchObject(expected)
    // read in the wrong unit, the amounts are left out and the status still counts
    const wrong = updateFromNotification(note, { payment_currency: "EUR", unit: "minor" })
    expect(wrong).toEqual({ status: "completed", status_source: "notification", gateway_status: "COMPLETED" })
  })
})
