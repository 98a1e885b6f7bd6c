import { BigNumber, MedusaError } from "@medusajs/framework/utils"
import { decodeXml } from "../../../gateway/codecs"
import { paymentGatewayAmount, positiveSessionMoney } from "../../../lib/acquiring/money"
import { hostedProvider, PROVIDER_TEST_OPTIONS } from "./helpers"

/**
 * A payment session's amount must be above zero (issue #25): Medusa's amount for a new session (and an
 * update of one) of 0 or below is a 400 saying what to fix, before the gateway is called. Money stays exact.
 */
const refuse = { currency_rounding: "refuse" as const, currency_digits: {} }
const halfUp = { currency_rounding: "half_up" as const, currency_digits: {} }
/** Medusa hands the amount over as a number, a string, a BigNumber or its raw form. */
const NOT_POSITIVE: Array<[string, unknown]> = [
  ["0", 0],
  ['"0"', "0"],
  ['"0.00"', "0.00"],
  ["-5", -5],
  ['"-5"', "-5"],
  ['"-5.00"', "-5.00"],
  ["-0.01", -0.01],
  ["BigNumber 0.00", new BigNumber("0.00")],
  ["raw -5", { value: "-5.0000000000000000", precision: 20 }],
]

const provider = () => hostedProvider(PROVIDER_TEST_OPTIONS)

const bodyOf = (b: string): Record<string, unknown> => decodeXml(b).value

describe("a payment session's amount", () => {
  it.each(NOT_POSITIVE)("%s is refused (INVALID_DATA, what to fix) before the gateway is called", async (_, amount) => {
    const p = provider()
    const err = await p.start(amount).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(MedusaError)
    expect(err).toMatchObject({ type: MedusaError.Types.INVALID_DATA })
    expect((err as Error).message).toMatch(
      /^Payment refused: the payment amount is -?\d+(\.\d+)? EUR; a payment session needs an amount above zero\. Check the cart total \(items, discounts, gift cards\) and start the payment again\.$/,
    )
    expect(p.calls).toHaveLength(0)
  })

  it("the message names Medusa's exact amount", async () => {
    await expect(provider().start("-5.00")).rejects.toThrow("Payment refused: the payment amount is -5 EUR;")
    await expect(provider().start("0.00", "jpy")).rejects.toThrow("Payment refused: the payment amount is 0 JPY;")
  })

  it("0.01 and 12.50 start a payment at exactly that amount", async () => {
    for (const [amount, sent] of [
      [0.01, "0.01"],
      ["0.01", "0.01"],
      [12.5, "12.50"],
      ["12.50", "12.50"],
      [new BigNumber("12.50"), "12.50"],
      [{ value: "12.5000000000000000", precision: 20 }, "12.50"],
    ] as const) {
      const p = provider()
      const out = await p.start(amount)
      expect(out.data).toMatchObject({ currency: "EUR", amount: sent })
      expect(bodyOf(p.calls[0].body)).toMatchObject({ currency: "EUR", amount: sent })
    }
  })

  it("an amount above zero that the gateway would carry as 0.00 is refused too", () => {
    expect(() => positiveSessionMoney("0.004", "EUR", refuse)).toThrow(
      "Payment refused: 0.004 EUR is 0.00 EUR at the gateway (to the cent); a payment session needs an amount above zero.",
    )
    expect(() => positiveSessionMoney("0.4", "JPY", halfUp)).toThrow(
      "Payment refused: 0.4 JPY is 0.00 JPY at the gateway (to the whole JPY); a payment session needs an amount above zero.",
    )
    expect(positiveSessionMoney("0.5", "JPY", halfUp)).toMatchObject({ amount: "1.00" })
    expect(positiveSessionMoney("0.005", "EUR", refuse)).toEqual({ amount: "0.01", decimals: 2 })
  })

  it("updatePayment refuses an amount of zero or below with the same message", async () => {
    const p = provider()
    const { data } = await p.start("12.50")
    for (const amount of ["0.00", "-5.00", 0]) {
      const err = await p.service
        .updatePayment({ amount, currency_code: "eur", data } as never)
        .catch((e: unknown) => e)
      expect(err).toMatchObject({
        type: MedusaError.Types.INVALID_DATA,
        message: expect.stringContaining("a payment session needs an amount above zero"),
      })
    }
    await expect(p.service.updatePayment({ amount: "12.50", currency_code: "eur", data } as never)).resolves.toEqual({
      data,
    })
  })

  it("captures and refunds keep their own amount rules (the shared session money is unchanged)", () => {
    const data = { currency: "EUR" }
    expect(paymentGatewayAmount("12.50", data, refuse)).toBe("12.50")
    expect(paymentGatewayAmount("0.01", data, refuse)).toBe("0.01")
  })
})
