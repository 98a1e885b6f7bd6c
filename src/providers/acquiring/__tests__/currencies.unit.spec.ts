import { MedusaError } from "@medusajs/framework/utils"
import { decodeXml } from "../../../gateway/codecs"
import { breakdownMismatch } from "../../../gateway/schemas"
import { recordMatches } from "../../../lib/acquiring/gateway-state"
import { checkoutRequest, pageLanguage, type RequestContext } from "../mappers/payment-request"
import {
  paymentGatewayAmount,
  sameAmount,
  sameSentAmount,
  sentAmount,
  sessionMoney,
} from "../../../lib/acquiring/money"
import { parseAcquiringOptions } from "../../../lib/acquiring/options"
import type { CartSnapshot } from "../../../lib/acquiring/snapshot/schema"
import { hostedProvider, PROVIDER_TEST_OPTIONS } from "./helpers"

const OPTIONS = PROVIDER_TEST_OPTIONS
const refuse = { currency_rounding: "refuse" as const, currency_digits: {} }
const halfUp = { currency_rounding: "half_up" as const, currency_digits: {} }
/** Medusa's raw form of a JPY cart total of 999 + 10 % tax (measured with decorateCartTotals). */
const JPY_TAXED = { value: "1098.9000000000000000", precision: 20 }

function refusal(fn: () => unknown): MedusaError {
  try {
    fn()
  } catch (e) {
    return e as MedusaError
  }
  throw new Error("not refused")
}

describe("session money", () => {
  it("JPY goes as whole yen in the two-decimal format; nothing to remember", () => {
    expect(sessionMoney(1000, "JPY", refuse)).toEqual({ amount: "1000.00", decimals: 0 })
    expect(sessionMoney(12.5, "EUR", halfUp)).toEqual({ amount: "12.50", decimals: 2 })
  })

  it("a fractional JPY amount is a 400 naming the currency and Medusa's exact amount", () => {
    const e = refusal(() => sessionMoney(JPY_TAXED, "JPY", refuse))
    expect(e).toBeInstanceOf(MedusaError)
    expect(e.type).toBe(MedusaError.Types.INVALID_DATA)
    expect(e.message).toBe(
      'Payment refused: 1098.9 JPY is not a whole amount of JPY, which has 0 decimal places; the gateway would charge a rounded amount, so the payment is refused (provider option currency_rounding: "half_up" rounds it to 1099.00).',
    )
  })

  it("KWD is a 400 naming the currency, even for a whole amount", () => {
    for (const v of [10.125, 10]) {
      const e = refusal(() => sessionMoney(v, "KWD", refuse))
      expect(e.type).toBe(MedusaError.Types.INVALID_DATA)
      expect(e.message).toContain(
        `KWD has 3 decimal places and the gateway takes amounts with at most two, so ${v} KWD would be rounded`,
      )
    }
  })

  it("half_up rounds and records the rounding for the payment's later amounts", () => {
    expect(sessionMoney(JPY_TAXED, "JPY", halfUp)).toEqual({
      amount: "1099.00",
      decimals: 0,
      amount_rounding: { rule: "half_up", decimals: 0, medusa_amount: "1098.9" },
    })
    expect(sessionMoney(10.125, "KWD", halfUp)).toEqual({
      amount: "10.13",
      decimals: 2,
      amount_rounding: { rule: "half_up", decimals: 2, medusa_amount: "10.125" },
    })
  })
})

describe("comparisons under the rounding rule", () => {
  const rounded = {
    order_no: "payses01ABC",
    variant: "hosted",
    currency: "JPY",
    ...sessionMoney(JPY_TAXED, "JPY", halfUp),
  }

  it("Medusa's amount and the gateway's compare after the same rounding", () => {
    // The plain comparison would call the paid order a mismatch…
    expect(sameAmount("1099.00", JPY_TAXED)).toBe(false)
    // …the session-aware one does not, and still sees a real difference.
    expect(sameSentAmount("1099.00", JPY_TAXED, rounded)).toBe(true)
    expect(sameSentAmount("1099", JPY_TAXED, rounded)).toBe(true)
    expect(sameSentAmount("1098.00", JPY_TAXED, rounded)).toBe(false)
    expect(recordMatches({ amount: "1099", currency: "JPY" }, rounded)).toBe(true)
  })

  it("captures and refunds of the payment are rounded as its session was", () => {
    expect(sentAmount(JPY_TAXED, rounded)).toBe("1099.00")
    expect(paymentGatewayAmount(JPY_TAXED, rounded, refuse)).toBe("1099.00")
    expect(paymentGatewayAmount(500.5, rounded, refuse)).toBe("501.00")
  })

  it("a payment opened without rounding stays strict: a fractional yen refund is a 400", () => {
    const plain = { order_no: "payses01ABC", variant: "hosted", currency: "JPY", amount: "1000.00" }
    expect(paymentGatewayAmount(400, plain, refuse)).toBe("400.00")
    expect(refusal(() => paymentGatewayAmount(400.5, plain, refuse)).message).toContain(
      "400.5 JPY is not a whole amount of JPY",
    )
    expect(sentAmount(12.345, { currency: "EUR" })).toBe("12.35")
  })

  it("a malformed rounding record in the data is ignored", () => {
    const forged = {
      currency: "JPY",
      amount: "1099.00",
      amount_rounding: { rule: "up", decimals: 0, medusa_amount: "1098.9" },
    }
    expect(sentAmount(JPY_TAXED, forged)).toBe("1098.90")
    expect(sameSentAmount("1099.00", JPY_TAXED, forged)).toBe(false)
  })
})

const own = parseAcquiringOptions({ ...OPTIONS, default_language: "en-GB" }).provider
const ctx = (over: Partial<RequestContext> = {}): RequestContext => ({
  order_no: "payses01ABC",
  currency: "JPY",
  amount: "3000.00",
  decimals: 0,
  notify_url: "https://api.shop.example/hooks/acquiring/notify",
  return_url: "https://shop.example/return",
  own,
  now: 1_700_000_000_000,
  ...over,
})
/** Three items at 1000 yen, tax included: Medusa's parts have fractions (2727.27… + 272.72…), the total has none. */
const snapshot = (over: Partial<CartSnapshot> = {}): CartSnapshot => ({
  v: 1,
  issued_at: 1,
  cart_id: "cart_1",
  payment_collection_id: "paycol_1",
  currency_code: "JPY",
  total: "3000.00",
  totals: { item_total: "2727.27", shipping: "0.00", tax_total: "272.73", shipping_discount: "0.00", discount: "0.00" },
  items: [{ id: "li_1", name: "Tea", unit_price: "909.09", quantity: 3 }],
  promo_codes: [],
  device: {},
  ...over,
})

describe("JPY payment request", () => {
  it("every amount is whole yen and the parts add up to the amount", () => {
    const req = checkoutRequest(snapshot(), ctx())
    expect(req).toMatchObject({
      amount: "3000.00",
      item_total: "2727.00",
      tax_total: "273.00",
      discount: "0.00",
      items: "Tea#,#li_1#,#909.00#,#3",
    })
    expect(req.cart_items![0].basic_item_data.price).toEqual({ amount_local_currency: 909, currency: "JPY" })
    expect(breakdownMismatch(req as unknown as Record<string, unknown>)).toBeNull()
  })

  it("under half_up the rounded amount's residue goes to tax (up) or discount (down)", () => {
    const up = checkoutRequest(
      snapshot({
        total: "1098.90",
        totals: {
          item_total: "999.00",
          shipping: "0.00",
          tax_total: "99.90",
          shipping_discount: "0.00",
          discount: "0.00",
        },
      }),
      ctx({ amount: "1099.00" }),
    )
    expect(up).toMatchObject({ amount: "1099.00", item_total: "999.00", tax_total: "100.00", discount: "0.00" })
    const down = checkoutRequest(
      snapshot({
        total: "1098.40",
        totals: {
          item_total: "998.50",
          shipping: "0.00",
          tax_total: "99.90",
          shipping_discount: "0.00",
          discount: "0.00",
        },
      }),
      ctx({ amount: "1098.00" }),
    )
    expect(down).toMatchObject({ amount: "1098.00", item_total: "999.00", tax_total: "100.00", discount: "1.00" })
    for (const r of [up, down]) expect(breakdownMismatch(r as unknown as Record<string, unknown>)).toBeNull()
  })

  it("EUR requests are unchanged", () => {
    const eur = snapshot({
      currency_code: "EUR",
      total: "12.50",
      totals: { item_total: "12.50", shipping: "0.00", tax_total: "0.00", shipping_discount: "0.00", discount: "0.00" },
      items: [{ id: "li_1", name: "Mug", unit_price: "12.50", quantity: 1 }],
    })
    expect(checkoutRequest(eur, ctx({ currency: "EUR", amount: "12.50", decimals: undefined }))).toMatchObject({
      amount: "12.50",
      item_total: "12.50",
      items: "Mug#,#li_1#,#12.50#,#1",
    })
  })
})

describe("hosted page language", () => {
  const withLocale = (locale: string | undefined, browser_lang?: string) =>
    snapshot({ locale, device: browser_lang ? { browser_lang } : {} } as Partial<CartSnapshot>)
  it("the shopper's browser, then the cart's or order's locale, then default_language", () => {
    expect(pageLanguage(withLocale("ja-JP", "fr-FR"), own)).toBe("fr-FR")
    expect(pageLanguage(withLocale("ja-JP"), own)).toBe("ja-JP")
    expect(pageLanguage(withLocale(undefined), own)).toBe("en-GB")
    expect(pageLanguage(null, own)).toBe("en-GB")
    expect(pageLanguage(null, { default_language: undefined })).toBeUndefined()
  })
  it("a malformed locale is skipped, never sent", () => {
    expect(pageLanguage(withLocale("ja JP<script>"), own)).toBe("en-GB")
    expect(checkoutRequest(withLocale("ja-JP"), ctx()).browser_lang).toBe("ja-JP")
  })
})

describe("options", () => {
  it("defaults: refuse, no overrides, no default language", () => {
    const p = parseAcquiringOptions(OPTIONS).provider
    expect([p.currency_rounding, p.currency_digits, p.default_language]).toEqual(["refuse", {}, undefined])
  })
  it("a wrong value is refused naming the option", () => {
    expect(() => parseAcquiringOptions({ ...OPTIONS, currency_rounding: "round" })).toThrow(/option currency_rounding/)
    expect(() => parseAcquiringOptions({ ...OPTIONS, currency_digits: { huf: 2 } })).toThrow(/option currency_digits/)
    expect(() => parseAcquiringOptions({ ...OPTIONS, currency_digits: { HUF: 5 } })).toThrow(
      /option currency_digits\.HUF/,
    )
    expect(() => parseAcquiringOptions({ ...OPTIONS, default_language: "English" })).toThrow(
      /option default_language: must be a language tag/,
    )
  })
})

describe("the provider", () => {
  const provider = (extra: Record<string, unknown> = {}) => hostedProvider({ ...OPTIONS, ...extra })
  const bodyOf = (b: string): Record<string, unknown> => decodeXml(b).value

  it("starts a JPY payment at 1000.00 and refuses 1098.9 JPY and KWD before calling the gateway", async () => {
    const p = provider()
    const out = await p.start(1000, "jpy")
    expect(bodyOf(p.calls[0].body)).toMatchObject({ currency: "JPY", amount: "1000.00", item_total: "1000.00" })
    expect(out.data).toMatchObject({ currency: "JPY", amount: "1000.00" })
    expect(out.data).not.toHaveProperty("amount_rounding")
    await expect(p.start(JPY_TAXED, "jpy")).rejects.toThrow("Payment refused: 1098.9 JPY is not a whole amount of JPY")
    await expect(p.start(10.125, "kwd")).rejects.toMatchObject({
      type: MedusaError.Types.INVALID_DATA,
      message: expect.stringContaining("KWD has 3 decimal places"),
    })
    expect(p.calls).toHaveLength(1)
  })

  it("with currency_rounding half_up the gateway gets the rounded amount and the data says so", async () => {
    const p = provider({ currency_rounding: "half_up" })
    const jpy = await p.start(JPY_TAXED, "jpy")
    expect(bodyOf(p.calls[0].body)).toMatchObject({ amount: "1099.00", item_total: "1099.00" })
    expect(jpy.data).toMatchObject({
      amount: "1099.00",
      amount_rounding: { rule: "half_up", decimals: 0, medusa_amount: "1098.9" },
    })
    const kwd = await p.start(10.125, "kwd")
    expect(bodyOf(p.calls[1].body)).toMatchObject({ currency: "KWD", amount: "10.13" })
    expect(kwd.data).toMatchObject({ amount: "10.13" })
  })

  it("a logged-in customer's account holder is the shopper_id, without a warning or anything secret", async () => {
    const { service } = provider()
    const customer = { id: "cus_01JABC", email: "ada@shop.test" }
    const created = await service.createAccountHolder({ context: { customer } } as never)
    expect(created).toEqual({ id: "cus_01JABC", data: { shopper_id: "cus_01JABC" } })
    expect(JSON.stringify(created)).not.toContain("EurKey-Secret1")
    const again = await service.createAccountHolder({
      context: { customer, account_holder: { data: created.data } },
    } as never)
    expect(again).toEqual(created)
    await expect(service.createAccountHolder({ context: {} } as never)).rejects.toMatchObject({
      type: MedusaError.Types.INVALID_DATA,
    })
  })
})
