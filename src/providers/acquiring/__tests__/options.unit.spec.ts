import { asFunction, createContainer } from "awilix"
import { moduleProviderLoader } from "@medusajs/framework/modules-sdk"
import path from "node:path"
import { parseAcquiringOptions } from "../../../lib/acquiring/options"
import { openSnapshot, sealSnapshot, snapshotKey } from "../../../lib/acquiring/snapshot/seal"
import { checkReturnUrl } from "../../../lib/acquiring/return-urls"
import type { CartSnapshot } from "../../../lib/acquiring/snapshot/schema"

const good = {
  merchant_id: "1000001",
  accounts: [{ account_id: "100000101", sign_key: "k1" }],
  test_base_url: "http://127.0.0.1:1",
  store_url: "https://store.example",
}

describe("options", () => {
  it("applies defaults", () => {
    const o = parseAcquiringOptions(good)
    expect(o.provider).toMatchObject({
      capture_mode: "manual",
      open3d: "do3DS",
      notify_path: "/hooks/acquiring/notify",
    })
    expect(o.client.merchant_id).toBe("1000001")
  })
  it.each([
    [{ capture_mode: "sometimes" }, "capture_mode"],
    [{ store_url: "not a url" }, "store_url"],
    [{ accounts: [{ account_id: "100000101" }] }, "accounts[0].sign_key"],
    [{ capture_mod: "manual" }, "capture_mod"],
    [{ status_map: { "3000": "paid" } }, "status_map.3000"],
  ])("names the bad option %j", (patch, name) => {
    expect(() => parseAcquiringOptions({ ...good, ...patch })).toThrow(`Invalid acquiring provider option ${name}:`)
  })
  it("stops Medusa's provider loader (the boot path) with a message naming the option", async () => {
    const container = createContainer()
    const load = moduleProviderLoader({
      container: container as never,
      providers: [{ resolve: path.join(__dirname, ".."), id: "bad", options: { ...good, open3d: "maybe" } }] as never,
      registerServiceFn: async (klass: any, c: any, o: any) => {
        c.register(
          `pp_${klass.identifier}_${o.id}`,
          asFunction(() => new klass({}, o.options)),
        )
      },
    })
    await expect(load).rejects.toThrow(/Invalid acquiring provider option open3d/)
  })
})

describe("cart snapshot seal", () => {
  const key = snapshotKey({ accounts: [{ sign_key: "k1" }] })
  const snap = {
    v: 1,
    issued_at: Date.now(),
    cart_id: "cart_1",
    payment_collection_id: "pay_col_1",
    currency_code: "EUR",
    total: "10.00",
    totals: { item_total: "10.00", shipping: "0.00", tax_total: "0.00", shipping_discount: "0.00", discount: "0.00" },
    items: [],
    promo_codes: [],
    device: {},
  } as CartSnapshot
  it("opens what it sealed and refuses a tampered, foreign-key or stale snapshot", () => {
    const sealed = sealSnapshot(snap, key)
    expect(openSnapshot(sealed, key, 900).total).toBe("10.00")
    const tampered = { ...sealed, payload: sealed.payload.replace('"10.00"', '"0.01"') }
    expect(() => openSnapshot(tampered, key, 900)).toThrow(/does not verify/)
    expect(() => openSnapshot(sealed, snapshotKey({ accounts: [{ sign_key: "k2" }] }), 900)).toThrow(/does not verify/)
    expect(() => openSnapshot(sealed, key, 900, Date.now() + 901_000)).toThrow(/expired/)
    expect(() => openSnapshot({ payload: "{}" }, key, 900)).toThrow(/malformed/)
  })
})

describe("return urls", () => {
  const own = { allowed_return_origins: ["https://shop.example"] }
  it("accepts allowed origins only and refuses characters the gateway cannot sign", () => {
    expect(checkReturnUrl("https://shop.example/return/cart_1", "data.return_url", own)).toBe(
      "https://shop.example/return/cart_1",
    )
    expect(() => checkReturnUrl("https://evil.example/x", "data.return_url", own)).toThrow(
      /data.return_url must be on one of/,
    )
    expect(() => checkReturnUrl("https://shop.example/r?a=1&b=2", "data.return_url", own)).toThrow(/must not contain/)
    expect(() => checkReturnUrl("https://shop.example.evil.test/", "data.return_url", own)).toThrow(/allowed origins/)
  })
  it.each([
    ["https://shop.example/x\\@evil.example", /backslash or control/],
    ["https://shop.example\\@evil.example/", /backslash or control/],
    ["https://shop.example/r%0d%0aSet-Cookie:x", /backslash or control/],
    ["https://shop.example/r%0Ax", /backslash or control/],
    ["https://shop.example/r\nx", /backslash or control/],
    ["https://shop.example/r%7Fx", /backslash or control/],
    ["https://shop.example@evil.example/", /user name or password/],
    ["https://user:pw@shop.example/", /user name or password/],
  ])("refuses the ambiguous URL %j", (url, why) => {
    expect(() => checkReturnUrl(url, "data.return_url", own)).toThrow(why)
  })
  it("sends the URL normalised, as the origin check read it", () => {
    expect(checkReturnUrl("HTTPS://SHOP.EXAMPLE:443/a/../return#@evil", "data.return_url", own)).toBe(
      "https://shop.example/return#@evil",
    )
    expect(checkReturnUrl("https://shop.example", "data.return_url", own)).toBe("https://shop.example/")
  })
})
