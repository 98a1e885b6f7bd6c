import { execFileSync } from "node:child_process"
import { DEFAULT_MERCHANTS } from "../../src/sandbox"
import { useAcquiringEnv } from "./helpers/acquiring-env"
import { acquiringTestRunner } from "./helpers/acquiring-suite"
import { adminOrder, cartWithShipping, completeCart, DEVICE, startSession } from "./helpers/acquiring-store"
import { captureProcessOutput } from "./helpers/log-capture"

jest.setTimeout(600_000)

/** A key only this spec's merchant has: it must appear nowhere once saved through the admin. */
const SECRET = "settings-secret-key-7Q4Zx"
const HOSTED = "pp_acquiring_settings"
const APM = "pp_acquiring-apm_settings"

// The entry that leaves the merchant's choices to the admin, and the key that seals its secrets.
process.env.ACQ_SETTINGS_ENTRY = "1"
process.env.ACQUIRING_SETTINGS_KEY = "integration-settings-key-0123456789abcdef"

const logs = captureProcessOutput()
const env = useAcquiringEnv({
  merchants: [
    ...DEFAULT_MERCHANTS,
    { merchant_id: "1000002", accounts: [{ account_id: "100000201", sign_key: SECRET, capture_mode: "authorise" }] },
  ],
})
afterAll(() => logs.restore())

const connection = {
  merchant_id: "1000002",
  accounts: [{ account_id: "100000201", sign_key: SECRET, currencies: [] }],
}

/**
 * Issue #35: settings saved by a shop admin count from the next checkout without a restart, are
 * checked by the doctor first, recorded with who saved them, and keep the sign key write-only.
 */
acquiringTestRunner(({ admin, api, seed, getContainer }) => {
  const offerSettingsEntry = async () => {
    const region = (await admin.get(`/admin/regions/${seed.region_id}?fields=*payment_providers`)).data.region
    const ids = region.payment_providers.map((p: { id: string }) => p.id)
    await admin.post(`/admin/regions/${seed.region_id}`, { payment_providers: [...ids, HOSTED, APM] })
  }
  const paidCheckout = async (provider: string, data: Record<string, unknown> = {}) => {
    const cart = await cartWithShipping(api, seed, { email: `s-${Date.now().toString(36)}@shop.test` })
    const { session } = await startSession(api, seed, cart.id, provider, { device: DEVICE, ...data })
    return { cart, session }
  }

  it("a save switches capture to automatic and offers a titled method; the next checkout follows both", async () => {
    await offerSettingsEntry()
    const form = (await admin.get("/admin/acquiring/settings/settings/form")).data
    expect(form).toMatchObject({ provider_id: "settings", version: 0, mode: "test", secrets_editable: true })
    const fields = form.groups.flatMap((g: { fields: unknown[] }) => g.fields)
    expect(fields.find((f: any) => f.key === "test_base_url")).toMatchObject({ locked: "medusa-config.ts" })
    expect(fields.find((f: any) => f.key === "capture_mode")).toMatchObject({ default: "manual", locked: null })

    const first = await admin.post("/admin/acquiring/settings/settings", {
      values: { ...connection, capture_mode: "manual" },
    })
    expect(first.status).toBe(200)
    expect(first.data).toMatchObject({ version: 1, check: { ok: true } })

    const manual = await paidCheckout(HOSTED)
    env.sandbox().shopper.pay(manual.session.data.order_no, { card: "4111111111111111" })
    const placed = await completeCart(api, seed, manual.cart.id)
    expect(placed.type).toBe("order")
    let payment = (await adminOrder(api, seed, placed.order.id)).payment_collections[0].payments[0]
    expect(payment.captures).toHaveLength(0)

    const second = await admin.post("/admin/acquiring/settings/settings", {
      values: { capture_mode: "automatic", apm_methods: [{ method: "sandbox_wallet", title: "Wallet (test)" }] },
    })
    expect(second.status).toBe(200)
    expect(second.data.version).toBe(2)

    const auto = await paidCheckout(HOSTED)
    expect(auto.session.data.settings_version).toBe(2)
    env.sandbox().shopper.pay(auto.session.data.order_no, { card: "4111111111111111" })
    const autoOrder = await completeCart(api, seed, auto.cart.id)
    payment = (await adminOrder(api, seed, autoOrder.order.id)).payment_collections[0].payments[0]
    expect(payment.captures).toHaveLength(1)

    const wallet = await paidCheckout(APM, { payment_method: "sandbox_wallet" })
    expect(wallet.session.data).toMatchObject({
      payment_method: "sandbox_wallet",
      payment_method_title: "Wallet (test)",
    })

    const history = (await admin.get("/admin/acquiring/settings/settings/history")).data.versions
    expect(history[0]).toMatchObject({
      version: 2,
      actor: { email: "admin@shop.test" },
      check_overridden: false,
      restored_from: null,
    })
    expect(history[0].changes).toEqual(
      expect.arrayContaining([
        { key: "capture_mode", from: "manual", to: "automatic" },
        { key: "apm_methods", from: null, to: [{ method: "sandbox_wallet", title: "Wallet (test)" }] },
      ]),
    )

    // The saved sign key: nowhere in plain text, yet every checkout above was signed with it.
    const answers = [
      form,
      first.data,
      second.data,
      history,
      (await admin.get("/admin/acquiring/settings/settings/form")).data,
    ]
    answers.push((await admin.get("/admin/acquiring/settings")).data, auto.session, wallet.session)
    for (const a of answers) expect(JSON.stringify(a)).not.toContain(SECRET)
    const masked = (await admin.get("/admin/acquiring/settings/settings/form")).data.groups[0].fields.find(
      (f: any) => f.key === "accounts",
    ).value[0].sign_key
    expect(masked.endsWith(SECRET.slice(-4))).toBe(true)
    const dump = execFileSync(
      "pg_dump",
      ["-h", "localhost", "-U", "postgres", new URL(process.env.DATABASE_URL!).pathname.slice(1)],
      {
        maxBuffer: 512 * 1024 * 1024,
      },
    ).toString()
    expect(dump).toContain("acquiring_settings")
    expect(dump).not.toContain(SECRET)
    expect(logs.text()).not.toContain(SECRET)
    const signedBy = env
      .sandbox()
      .inspect.requests()
      .filter((r) => r.path === "/v1/checkout" && r.status === 200)
    expect(signedBy.length).toBeGreaterThan(0)
  })

  it("refuses a field set in medusa-config.ts, naming the file", async () => {
    const res = await admin.post("/admin/acquiring/settings/acquiring", { values: { capture_mode: "automatic" } })
    expect(res.status).toBe(400)
    expect(res.data.message).toContain("medusa-config.ts")
    expect(res.data.message).toContain("capture_mode")
  })

  it("a wrong sign key is refused with the doctor's reason; save anyway saves it and the audit says so", async () => {
    const wrong = {
      ...connection,
      accounts: [{ account_id: "100000201", sign_key: "not-the-key-0000", currencies: [] }],
    }
    const refused = await admin.post("/admin/acquiring/settings/settings", { values: wrong })
    expect(refused.status).toBe(422)
    expect(refused.data).toMatchObject({ type: "check_failed", check: { ok: false } })
    expect(refused.data.message).toMatch(/credentials/)
    expect((await admin.get("/admin/acquiring/settings/settings/history")).data.versions).toEqual([])

    const saved = await admin.post("/admin/acquiring/settings/settings", { values: wrong, save_anyway: true })
    expect(saved.status).toBe(200)
    const [audit] = (await admin.get("/admin/acquiring/settings/settings/history")).data.versions
    expect(audit).toMatchObject({ version: saved.data.version, check_overridden: true })
    expect(JSON.stringify(audit)).not.toContain("not-the-key")
    expect(getContainer()).toBeDefined()
  })
})
