import { handedOver } from "../core/page-handoff"
import { AcquiringHostedService } from "../services/hosted"
import { fixture } from "../../../gateway/__tests__/helpers/fake-gateway"

/** The session data a storefront receives from initiatePayment (gateway answered by a fake fetch). */
async function sessionData(extra: Record<string, unknown> = {}) {
  const page = fixture("checkout-page-helper.html")
  const service = new AcquiringHostedService({ logger: { info() {}, warn() {}, error() {}, debug() {} } } as never, {
    merchant_id: "1234567",
    accounts: [{ account_id: "123456701", sign_key: "EurKey-Secret1" }],
    test_base_url: "https://gw.test",
    store_url: "https://api.shop.example",
    default_return_url: "https://shop.example/return",
    fetch: (async () => new Response(page, { status: 200, headers: { "content-type": "text/html" } })) as typeof fetch,
    ...extra,
  })
  const id = "payses_01JABCDEFGHJKMNPQRSTVWXYZ0"
  const out = await service.initiatePayment({ amount: 12.5, currency_code: "eur", data: { session_id: id }, context: { idempotency_key: id } } as never)
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
    expect(handed?.page.html).toBe(page.trim()) // the answer as sent, less surrounding whitespace
    expect(JSON.stringify(data)).not.toContain("EurKey-Secret1")
    expect(JSON.stringify(data).length).toBeLessThan(400)
  })

  it("session_html: false leaves the raw page out and keeps the form", async () => {
    const { handed } = await sessionData({ session_html: false })
    expect(handed?.page.html).toBeNull()
    expect(handed?.page.form.fields.merNo).toBe("1234567")
  })

  it("page_in_session_data: true also keeps form and html in the stored data", async () => {
    const { data, page } = await sessionData({ page_in_session_data: true, hosted_page_ttl_s: 600 })
    expect(data.form.fields.merNo).toBe("1234567")
    expect(data.html).toBe(page.trim())
  })
})
