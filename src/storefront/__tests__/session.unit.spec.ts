import { StorefrontData } from "../../lib/acquiring/snapshot/storefront-data"
import { collectDevice } from "../device"
import { findStartedPayment, getHostedPage, startPaymentSession } from "../session"
import { fakeStore, ok } from "./fake-store"

const HOSTED = "pp_acquiring_acquiring"
const APM = "pp_acquiring-apm_acquiring"
const FORM = { action: "https://gw.test/v1/checkout", method: "post", fields: { gbc_id: "g1" } }
const hostedData = {
  hosted_page_path: "/store/acquiring/payment-sessions/payses_1/hosted-page",
  hosted_page_token: "tok",
  iframe: { allowed: true, name: "acquiring_hosted_page", min_height: 600 },
}
const collection = (...sessions: unknown[]) =>
  ok({ payment_collection: { id: "pay_col_1", payment_sessions: sessions } })

describe("startPaymentSession", () => {
  it("creates the cart's payment collection when it has none, then starts the session with device and return address", async () => {
    const store = fakeStore(
      ok({ payment_collection: { id: "pay_col_1" } }),
      collection(
        { id: "payses_0", provider_id: HOSTED, status: "canceled", data: hostedData },
        { id: "payses_1", provider_id: HOSTED, status: "pending", data: { ...hostedData, form: FORM, html: null } },
      ),
    )
    const device = collectDevice({ navigator: { userAgent: "UA", language: "de-DE" }, timeZone: "Europe/Berlin" })
    const started = await startPaymentSession(store.fetch, {
      cart: { id: "cart_1" },
      provider_id: HOSTED,
      return_url: "https://shop.test/return/cart_1",
      device,
    })
    expect(store.calls[0]).toEqual({
      path: "/store/payment-collections",
      init: { method: "POST", body: { cart_id: "cart_1" } },
    })
    expect(store.calls[1].path).toBe("/store/payment-collections/pay_col_1/payment-sessions")
    const body = store.calls[1].init!.body as { provider_id: string; data: unknown }
    expect(body.provider_id).toBe(HOSTED)
    // What the provider's own schema accepts: the kit never sends a field it would refuse.
    expect(StorefrontData.parse(body.data)).toEqual({
      return_url: "https://shop.test/return/cart_1",
      cancel_url: "https://shop.test/return/cart_1",
      device: { user_agent: "UA", browser_lang: "de-DE", time_zone: "Europe/Berlin", device_type: "PC" },
    })
    expect(started).toEqual({
      kind: "hosted_page",
      session_id: "payses_1",
      provider_id: HOSTED,
      ...hostedData,
      page: { form: { ...FORM, method: "POST" }, html: null },
    })
  })

  it("uses a payment link's collection as given; an APM session gives its issuer_url and method", async () => {
    const store = fakeStore(
      collection({
        id: "payses_2",
        provider_id: APM,
        status: "pending",
        data: { issuer_url: "https://gw.test/apm/x", payment_method: "sandbox_wallet" },
      }),
    )
    const started = await startPaymentSession(store.fetch, {
      payment_collection_id: "pay_col_9",
      provider_id: APM,
      return_url: "https://shop.test/pay/pay_col_9?returned=1",
      payment_method: "sandbox_wallet",
    })
    expect(store.calls.map((c) => c.path)).toEqual(["/store/payment-collections/pay_col_9/payment-sessions"])
    expect((store.calls[0].init!.body as { data: { payment_method: string } }).data.payment_method).toBe(
      "sandbox_wallet",
    )
    expect(started).toMatchObject({
      kind: "apm",
      issuer_url: "https://gw.test/apm/x",
      payment_method: "sandbox_wallet",
    })
  })

  it("refuses a return_url the gateway cannot sign, and a provider that is not ours, before any call", async () => {
    const store = fakeStore()
    await expect(
      startPaymentSession(store.fetch, {
        cart: { id: "c" },
        provider_id: HOSTED,
        return_url: "https://s.test/r?a=1&b=2",
      }),
    ).rejects.toThrow(/return_url/)
    await expect(
      startPaymentSession(store.fetch, {
        cart: { id: "c" },
        provider_id: "pp_system_default",
        return_url: "https://s.test/r",
      }),
    ).rejects.toThrow(/provider_id/)
    expect(store.calls).toEqual([])
  })

  it("says so when the answer has no session of that provider (not enabled in the region)", async () => {
    const store = fakeStore(collection({ id: "payses_3", provider_id: "pp_system_default", data: {} }))
    await expect(
      startPaymentSession(store.fetch, {
        payment_collection_id: "p",
        provider_id: HOSTED,
        return_url: "https://s.test/r",
      }),
    ).rejects.toThrow(/enabled in the region/)
  })
})

describe("getHostedPage and findStartedPayment", () => {
  it("fetches the page with the session's token in x-acquiring-page-token", async () => {
    const store = fakeStore(ok({ hosted_page: { form: FORM, html: "<html>" } }))
    const page = await getHostedPage(store.fetch, hostedData)
    expect(store.calls[0]).toEqual({
      path: hostedData.hosted_page_path,
      init: { headers: { "x-acquiring-page-token": "tok" } },
    })
    expect(page).toEqual({ form: { ...FORM, method: "POST" }, html: "<html>" })
  })

  it("refuses a page whose form would post anywhere but an http(s) address", async () => {
    const store = fakeStore(ok({ hosted_page: { form: { ...FORM, action: "javascript:alert(1)" }, html: null } }))
    await expect(getHostedPage(store.fetch, hostedData)).rejects.toThrow()
  })

  it("finds the latest pending session of ours in a cart read again later (after a reload)", () => {
    const sessions = [
      { id: "payses_a", provider_id: HOSTED, status: "pending", data: hostedData },
      { id: "payses_b", provider_id: HOSTED, status: "error", data: hostedData },
      { id: "payses_c", provider_id: "pp_system_default", status: "pending", data: {} },
    ]
    expect(findStartedPayment(sessions)).toMatchObject({ session_id: "payses_a", kind: "hosted_page" })
    expect(findStartedPayment(sessions, APM)).toBeUndefined()
    expect(findStartedPayment(undefined)).toBeUndefined()
  })
})

describe("collectDevice", () => {
  it("keeps what the provider accepts and leaves out what it would refuse", () => {
    const device = collectDevice({
      navigator: { userAgent: `Mozilla/5.0 (iPhone) ${"x".repeat(2000)}`, language: "not a language!" },
      screen: { width: 390, height: 844.5, colorDepth: 24 },
      timeZone: "Mars/Olympus Mons",
    })
    expect(device.user_agent).toHaveLength(1000)
    expect(device).not.toHaveProperty("browser_lang")
    expect(device).not.toHaveProperty("screen_height") // not an integer
    expect(device).toMatchObject({ screen_width: 390, color_depth: 24, device_type: "MOBILE" })
    expect(() => StorefrontData.parse({ device })).not.toThrow()
    expect(collectDevice({})).toEqual({})
  })
})
