import { MedusaError } from "@medusajs/framework/utils"
import { changedAfterPayment, changedCartMessage, classifyCompletionFailure } from "../completion"

const session = (over: Record<string, unknown> = {}, data: Record<string, unknown> = {}) => ({
  id: "payses_1",
  provider_id: "pp_acquiring_acquiring",
  status: "pending",
  data: { order_no: "payses1", currency: "EUR", amount: "32.89", variant: "hosted", ...data },
  ...over,
})
const cart = (total: unknown, sessions: unknown[], over: Record<string, unknown> = {}) =>
  ({ id: "cart_1", total, currency_code: "eur", payment_collection: { payment_sessions: sessions }, ...over }) as never

describe("changedAfterPayment: our session holds the cart's total at the gateway", () => {
  it("the same amount and currency (Medusa's float total included) is no change", () => {
    expect(changedAfterPayment(cart(32.89, [session()]))).toBeNull()
    expect(changedAfterPayment(cart(32.889999999999, [session()]))).toBeNull()
    expect(changedAfterPayment(cart({ value: "32.89", precision: 20 }, [session()]))).toBeNull()
  })

  it("taxes added after the session: the session, what it holds and the new total", () => {
    expect(changedAfterPayment(cart(39.467999999999996, [session()]))).toEqual({
      session_id: "payses_1",
      order_no: "payses1",
      held: "32.89 EUR",
      total: "39.47 EUR",
    })
  })

  it("a lower total, a cent off, or another currency is a change too", () => {
    expect(changedAfterPayment(cart(30, [session()]))).not.toBeNull()
    expect(changedAfterPayment(cart(32.9, [session()]))).not.toBeNull()
    expect(changedAfterPayment(cart(32.89, [session()], { currency_code: "usd" }))).toMatchObject({
      total: "32.89 USD",
    })
  })

  it("a session opened with half_up rounding is compared as it was sent", () => {
    const rounding = { rule: "half_up", decimals: 0, medusa_amount: "1098.9" }
    const jpy = session({}, { currency: "JPY", amount: "1099.00", amount_rounding: rounding })
    expect(changedAfterPayment(cart(1098.9, [jpy], { currency_code: "jpy" }))).toBeNull()
    expect(changedAfterPayment(cart(1200, [jpy], { currency_code: "jpy" }))).toMatchObject({ total: "1200.00 JPY" })
  })

  it("other providers, ended sessions, a completed cart and no sessions are not ours to refuse", () => {
    expect(changedAfterPayment(cart(1, [session({ provider_id: "pp_stripe_stripe" })]))).toBeNull()
    expect(changedAfterPayment(cart(1, [session({ status: "canceled" })]))).toBeNull()
    expect(changedAfterPayment(cart(1, [session({ status: "error" })]))).toBeNull()
    expect(changedAfterPayment(cart(1, [session()], { completed_at: new Date() }))).toBeNull()
    expect(changedAfterPayment(cart(1, []))).toBeNull()
    expect(changedAfterPayment(cart(1, [session({}, { order_no: undefined })]))).toBeNull()
  })

  it("the message says what the gateway holds, what the cart costs and what to do", () => {
    const c = changedAfterPayment(cart(39.47, [session({ status: "authorized" })]))!
    expect(changedCartMessage(c, "voided")).toBe(
      "The cart changed after payment: pay again. The payment holds 32.89 EUR but the cart's total is now 39.47 EUR; the payment was voided.",
    )
  })
})

describe("classifyCompletionFailure: what no retry lifts", () => {
  const err = (type: string, message: string) => new MedusaError(type, message)
  it.each([
    ["stock", err(MedusaError.Types.NOT_ALLOWED, "Not enough stock available for item iitem_1 at location sloc_1")],
    ["promotion", err(MedusaError.Types.NOT_ALLOWED, "Promotion usage exceeds the budget limit.")],
    ["promotion", err(MedusaError.Types.NOT_ALLOWED, "Promotion usage exceeds the limit.")],
    [
      "region",
      err(
        MedusaError.Types.INVALID_DATA,
        "Payment provider pp_acquiring_acquiring is not enabled in the cart's region reg_1.",
      ),
    ],
    [
      "product",
      err(MedusaError.Types.INVALID_DATA, "Variant variant_1 does not have any inventory items associated with it."),
    ],
    ["product", err(MedusaError.Types.INVALID_DATA, "Cannot complete a cart with no items")],
    [
      "cart_changed",
      err(MedusaError.Types.CONFLICT, "The cart changed after payment: pay again. The payment holds 1.00 EUR"),
    ],
  ])("%s: permanent", (cause, e) => {
    expect(classifyCompletionFailure(e)).toEqual({ permanent: true, cause })
  })

  it.each(
    [
      err(MedusaError.Types.CONFLICT, "Cart is already being completed by another request"),
      err(MedusaError.Types.UNEXPECTED_STATE, "Timed-out acquiring lock cart_1"),
      err(MedusaError.Types.DB_ERROR, "connection terminated"),
      new Error("The gateway did not answer (timeout)"),
      undefined,
    ].map((e) => [e?.message ?? "no error", e]),
  )("transient: %s", (_message, e) => {
    expect(classifyCompletionFailure(e)).toEqual({ permanent: false, cause: "transient" })
  })
})
