import { handedOver, isPageToken } from "../../../lib/acquiring/page-handoff"
import { parseAcquiringOptions } from "../../../lib/acquiring/options"
import { sealKeyOf, sealSnapshot } from "../../../lib/acquiring/snapshot/seal"
import { AcquiringHostedService } from "../services/hosted"
import { fixture } from "../../../gateway/__tests__/helpers/fake-gateway"
import { PROVIDER_TEST_OPTIONS } from "./helpers"

const OPTIONS = PROVIDER_TEST_OPTIONS

/** The session data a storefront receives from initiatePayment (gateway answered by a fake fetch). */
async function sessionData(
  extra: Record<string, unknown> = {},
  given: Record<string, unknown> = {},
  container: Record<string, unknown> = {},
) {
  const page = fixture("checkout-page-helper.html")
  const service = new AcquiringHostedService(
    { logger: { info() {}, warn() {}, error() {}, debug() {} }, ...container } as never,
    {
      ...OPTIONS,
      fetch: (async () =>
        new Response(page, { status: 200, headers: { "content-type": "text/html" } })) as typeof fetch,
      ...extra,
    },
  )
  const id = "payses_01JABCDEFGHJKMNPQRSTVWXYZ0"
  const out = await service.initiatePayment({
    amount: 12.5,
    currency_code: "eur",
    data: { ...given, session_id: id },
    context: { idempotency_key: id },
  } as never)
  return { data: out.data as Record<string, any>, page, handed: handedOver(id), id }
}

describe("hosted session data", () => {
  it("keeps the page out of the stored data and hands it to the session route", async () => {
    const { data, page, handed, id } = await sessionData()
    expect(data).not.toHaveProperty("form")
    expect(data).not.toHaveProperty("html")
    expect(data.hosted_page_path).toBe(`/store/acquiring/payment-sessions/${id}/hosted-page`)
    expect(handed?.ttl_s).toBe(3600)
    expect(handed?.page.form).toMatchObject({ action: "https://gw.test/v1/checkout", method: "POST" })
    expect(handed?.page.form.fields.merNo).toBe("1234567")
    // The raw page is not offered by default: a storefront rendering it would skip the form-action check.
    expect(handed?.page.html).toBeNull()
    expect(JSON.stringify(data)).not.toContain("EurKey-Secret1")
    expect(JSON.stringify(data).length).toBeLessThan(500)
  })

  it("the page token proves this session only, and only with this server's key", async () => {
    const { data, id } = await sessionData()
    const key = sealKeyOf(parseAcquiringOptions(OPTIONS))
    expect(isPageToken(key, id, data.hosted_page_token)).toBe(true)
    expect(isPageToken(key, "payses_01JABCDEFGHJKMNPQRSTVWXYZ1", data.hosted_page_token)).toBe(false)
    expect(isPageToken(Buffer.from("another-key"), id, data.hosted_page_token)).toBe(false)
    for (const bad of [undefined, "", "0".repeat(64), data.hosted_page_token.toUpperCase(), ["x"]])
      expect(isPageToken(key, id, bad)).toBe(false)
  })

  it("keys the provider owns are dropped from a caller's data (Medusa stores caller's data merged with ours)", async () => {
    const given = {
      confirmed_capture: { amount: "12.50", source: "medusa" },
      captures: [{ id: "x", amount: "12.50", source: "gateway" }],
      canceled: true,
      note: "x",
    }
    const { data } = await sessionData({}, given)
    const stored = JSON.parse(JSON.stringify({ ...given, session_id: "payses_01JABCDEFGHJKMNPQRSTVWXYZ0", ...data }))
    for (const k of Object.keys(given)) expect(stored).not.toHaveProperty(k)
    expect(stored.order_no).toBe("payses01JABCDEFGHJKMNPQRSTVWXYZ0")
  })

  it("a cart snapshot sealed for another payment collection is refused", async () => {
    const key = sealKeyOf(parseAcquiringOptions(OPTIONS))
    const snapshot = (collection: string) =>
      sealSnapshot(
        {
          v: 1,
          issued_at: Date.now(),
          cart_id: "cart_1",
          payment_collection_id: collection,
          currency_code: "EUR",
          total: "12.50",
          totals: {
            item_total: "12.50",
            shipping: "0.00",
            tax_total: "0.00",
            shipping_discount: "0.00",
            discount: "0.00",
          },
          items: [],
          promo_codes: [],
          device: {},
        },
        key,
      )
    const container = {
      paymentSessionService: { retrieve: async (id: string) => ({ id, payment_collection_id: "paycol_session" }) },
    }
    const ours = await sessionData({}, { acquiring_snapshot: snapshot("paycol_session") }, container)
    expect(ours.data.order_no).toBe("payses01JABCDEFGHJKMNPQRSTVWXYZ0")
    await expect(sessionData({}, { acquiring_snapshot: snapshot("paycol_other") }, container)).rejects.toThrow(
      /sealed for another payment collection/,
    )
    await expect(sessionData({}, { acquiring_snapshot: snapshot("paycol_session") }, {})).rejects.toThrow(
      /sealed for another payment collection/,
    )
  })

  it("session_html: true also offers the raw page, as the gateway sent it", async () => {
    const { handed, page } = await sessionData({ session_html: true })
    expect(handed?.page.html).toBe(page.trim()) // the answer as sent, less surrounding whitespace
    expect(handed?.page.form.fields.merNo).toBe("1234567")
  })

  it("page_in_session_data: true also keeps form and html in the stored data", async () => {
    const { data, page } = await sessionData({ page_in_session_data: true, session_html: true, hosted_page_ttl_s: 600 })
    expect(data.form.fields.merNo).toBe("1234567")
    expect(data.html).toBe(page.trim())
  })
})
