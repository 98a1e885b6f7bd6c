import { startSandbox, type Sandbox } from "../index"
import { call, checkoutPayload, createCheckout, followLoadingPage, formAction, submit } from "./helpers"

let sb: Sandbox
beforeAll(async () => {
  sb = await startSandbox({ port: 0, seed: 13 })
})
afterAll(async () => {
  await sb.stop()
})

const jpy = (amount: string, extra: Record<string, unknown> = {}) => ({
  currency: "JPY",
  amount,
  item_total: amount,
  shipping: "0.00",
  items: `Tea#,#T1#,#${amount}#,#1`,
  ...extra,
})

describe("currencies at the sandbox", () => {
  it("takes 1000.00 JPY (whole yen in the two-decimal format) and the shopper pays it", async () => {
    const c = await createCheckout(sb, jpy("1000.00"))
    expect(c.order).toMatchObject({ currency: "JPY", amount: "1000.00" })
    const cardPage = await followLoadingPage(c.page)
    expect(cardPage.text).toContain("1000.00 JPY")
    const paid = await submit(formAction(cardPage.text), {
      card_number: "4111111111111111",
      expiry: "12/39",
      cvv: "123",
      action: "pay",
    })
    expect(paid.status).toBe(303)
    expect(sb.inspect.order({ transaction_id: c.transaction_id })).toMatchObject({
      amount: "1000.00",
      currency: "JPY",
      payment_status: "2000",
    })
  })

  it("refuses 1000.50 JPY with I0002 naming amount, and creates no order", async () => {
    const payload = checkoutPayload(jpy("1000.50"))
    const res = await call(sb, "checkout", payload)
    expect(res.status).toBe(400)
    expect(res.body).toEqual({
      code: "I0002",
      source: "amount",
      message: "JPY amounts have 0 decimal places: 1000.50 is not a valid JPY amount",
    })
    expect(sb.inspect.order({ order_no: String(payload.order_no) })).toBeUndefined()
  })

  it("takes a two-decimal KWD amount (the gateway's format for every currency)", async () => {
    const c = await createCheckout(sb, {
      currency: "KWD",
      amount: "10.13",
      item_total: "10.13",
      shipping: "0.00",
      items: "Dates#,#D1#,#10.13#,#1",
    })
    expect(c.order).toMatchObject({ currency: "KWD", amount: "10.13" })
  })
})

describe("hosted page language", () => {
  it("the loading and card pages carry the asked browser_lang and say it", async () => {
    const c = await createCheckout(sb, { browser_lang: "ja-JP" })
    expect(c.res.text).toMatch(/<html lang="ja-JP">/)
    const cardPage = await followLoadingPage(c.page)
    expect(cardPage.text).toMatch(/<html lang="ja-JP">/)
    expect(cardPage.text).toContain("Page language: ja-JP")
  })

  it("without one, or with a malformed one, the page is English and says what was asked", async () => {
    const none = await followLoadingPage((await createCheckout(sb)).page)
    expect(none.text).toMatch(/<html lang="en">/)
    expect(none.text).toContain("Page language: not given (en)")
    const bad = await createCheckout(sb, { browser_lang: 'x"><script>' })
    expect(bad.res.text).toMatch(/<html lang="en">/)
    const page = await followLoadingPage(bad.page)
    expect(page.text).toMatch(/<html lang="en">/)
    expect(page.text).toContain("Page language: x&quot;&gt;&lt;script&gt;")
  })
})
