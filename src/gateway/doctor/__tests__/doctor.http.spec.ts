import { startSandbox, type Sandbox, type SandboxOptionsInput } from "../../../sandbox"
import type { GatewayClientOptionsInput } from "../../options"
import { CHECKOUT_NOTIFY_ROW, formatReport, runDoctor } from ".."

/**
 * The doctor against the sandbox over real HTTP: it finds what works, says what does not in one line,
 * and the sandbox's request log proves it sent nothing but retrievalTrans, checkout and cancel.
 */
const M = "1000001"
const ACCOUNT = "100000101"
const KEY = "sandbox-key-1"
const RUN = { notify_url: "http://127.0.0.1:9/hooks/acquiring/notify", return_url: "https://shop.example/return" }

let sb: Sandbox | undefined
afterEach(async () => {
  await sb?.stop()
  sb = undefined
})

async function sandbox(extra: SandboxOptionsInput = {}) {
  sb = await startSandbox({ port: 0, host: "127.0.0.1", seed: 17, notifications: { max_attempts: 1 }, ...extra })
  return sb
}

const client = (s: Sandbox, extra: Partial<GatewayClientOptionsInput> = {}): GatewayClientOptionsInput => ({
  merchant_id: M,
  base_url: s.url,
  accounts: [{ account_id: ACCOUNT, sign_key: KEY }],
  query_retries: 0,
  ...extra,
})

/** Gateway operations the sandbox saw (its request log), in order. */
const operations = (s: Sandbox) =>
  s.inspect
    .requests()
    .filter((r) => r.path.startsWith("/v1/"))
    .map((r) => r.path)
const HARMLESS = new Set(["/v1/retrievalTrans", "/v1/checkout", "/v1/cancel"])

describe("acquiring doctor against the sandbox", () => {
  it("passes against the default sandbox: no option line, the test order cancelled, only harmless calls", async () => {
    const s = await sandbox()
    const report = await runDoctor(client(s), RUN)
    expect(report.findings.map((f) => [f.check, f.ok])).toEqual([
      ["credentials", true],
      ["unknown_order", true],
      ["checkout", true],
      ["hosted_page", true],
      ["cancel", true],
    ])
    expect(report).toMatchObject({ ok: true, option_lines: [], unknown_order_reading: "absent" })
    expect(operations(s)).toEqual(["/v1/retrievalTrans", "/v1/checkout", "/v1/retrievalTrans", "/v1/cancel"])
    const order = s.inspect.orders().find((o) => o.order_no.startsWith("DOCTOR"))!
    expect(order).toMatchObject({ amount: "1.00", currency: "USD", state: "cancelled" })
  })

  it.each(["documented", "legacy"] as const)(
    "%s dialect: finds the older build's checkout row (notify_url signed instead of return_url) and prints it",
    async (dialect) => {
      const s = await sandbox({ dialect, signature_fields: { checkout: [...CHECKOUT_NOTIFY_ROW] } })
      const report = await runDoctor(client(s), RUN)
      const expected = `gateway_profile: { extends: "documented", signature_fields: { checkout: ["merchant_id", "account_id", "order_no", "currency", "amount", "notify_url"] } },`
      expect(report.ok).toBe(false)
      expect(report.option_lines).toEqual([expected])
      const checkout = report.findings.find((f) => f.check === "checkout")!
      expect(checkout).toMatchObject({ ok: false, fix_options: expected })
      expect(checkout.saw).toMatch(
        /I0013.*accepted with signature over merchant_id, account_id, order_no, currency, amount, notify_url/,
      )
      expect(report.findings.find((f) => f.check === "cancel")).toMatchObject({ ok: true })
      expect(operations(s).every((p) => HARMLESS.has(p))).toBe(true)
      // Every refused checkout created nothing; the accepted one was cancelled.
      expect(s.inspect.orders().map((o) => o.state)).toEqual(["cancelled"])
    },
  )

  it.each([
    ["documented", "absent"],
    ["legacy", "query_result_2"],
  ] as const)(
    "the %s dialect: passes with no option line and names the unknown-order reading",
    async (dialect, reading) => {
      const s = await sandbox({ dialect })
      const report = await runDoctor(client(s), RUN)
      expect(report).toMatchObject({ ok: true, option_lines: [], unknown_order_reading: reading })
      expect(report.findings.find((f) => f.check === "unknown_order")!.saw).toContain(`(reading: ${reading})`)
      expect(operations(s).every((p) => HARMLESS.has(p))).toBe(true)
    },
  )

  it.each(["documented", "legacy"] as const)(
    "%s dialect: finds the one encoding a gateway takes for retrievalTrans and prints it",
    async (dialect) => {
      const s = await sandbox({ dialect, accepted_encodings: { retrievalTrans: ["json"] } })
      const report = await runDoctor(client(s), RUN)
      expect(report.option_lines).toEqual([
        `gateway_profile: { extends: "documented", encodings: { retrievalTrans: "json" } },`,
      ])
      const credentials = report.findings.find((f) => f.check === "credentials")!
      expect(credentials).toMatchObject({
        ok: false,
        fix_options: `gateway_profile: { extends: "documented", encodings: { retrievalTrans: "json" } },`,
      })
      expect(credentials.saw).toMatch(
        /refused as configured \(code I0002, source body, HTTP 415.*accepted with json body/,
      )
      // The checkout probe's lookup used the working encoding: the order was found and cancelled.
      expect(report.findings.find((f) => f.check === "cancel")).toMatchObject({ ok: true })
      expect(s.inspect.orders().map((o) => o.state)).toEqual(["cancelled"])
      expect(operations(s).every((p) => HARMLESS.has(p))).toBe(true)
    },
  )

  it("a merchant who configured another encoding is told to send the documented one", async () => {
    const s = await sandbox()
    const report = await runDoctor(client(s, { encodings: { retrievalTrans: "xml", cancel: "form" } }), RUN)
    expect(report.option_lines).toEqual([
      `gateway_profile: { extends: "documented", encodings: { retrievalTrans: "form", cancel: "json" } },`,
    ])
    expect(report.findings.filter((f) => !f.ok).map((f) => f.check)).toEqual(["credentials", "cancel"])
  })

  it("a wrong sign_key: one line naming the sign_key, no checkout", async () => {
    const s = await sandbox()
    const report = await runDoctor(client(s, { accounts: [{ account_id: ACCOUNT, sign_key: "not-the-key" }] }), RUN)
    expect(report.ok).toBe(false)
    expect(report.findings).toHaveLength(1)
    expect(report.findings[0]).toMatchObject({ check: "credentials", ok: false })
    expect(report.findings[0].saw).toMatch(
      /refused the signature in all 6 documented forms .*I0013.*check this account's sign_key/,
    )
    expect(report.findings[0].saw).not.toContain("not-the-key")
    expect(report.option_lines).toEqual([])
    expect(new Set(operations(s))).toEqual(new Set(["/v1/retrievalTrans"]))
  })

  it("an unregistered IP: one line saying to register this server's IP", async () => {
    const s = await sandbox({
      merchants: [{ merchant_id: M, registered_ips: ["10.9.9.9"], accounts: [{ account_id: ACCOUNT, sign_key: KEY }] }],
    })
    const report = await runDoctor(client(s), RUN)
    expect(report.findings).toHaveLength(1)
    expect(report.findings[0].saw).toMatch(
      /register this server's outbound IP address with the gateway for merchant 1000001/,
    )
    expect(operations(s)).toEqual(["/v1/retrievalTrans"])
  })

  it("an unknown account: one line", async () => {
    const s = await sandbox()
    const report = await runDoctor(client(s, { accounts: [{ account_id: "999999999", sign_key: KEY }] }), RUN)
    expect(report.findings).toHaveLength(1)
    expect(report.findings[0].saw).toMatch(/does not know merchant 1000001 \/ account 999999999 .*I0004/)
  })

  it("prints one line per finding, then the option lines", async () => {
    const s = await sandbox({ signature_fields: { checkout: [...CHECKOUT_NOTIFY_ROW] } })
    const lines = formatReport(await runDoctor(client(s), RUN))
    expect(lines[0]).toMatch(/^ok {3}credentials: account 100000101/)
    expect(lines).toContain(
      `  gateway_profile: { extends: "documented", signature_fields: { checkout: ["merchant_id", "account_id", "order_no", "currency", "amount", "notify_url"] } },`,
    )
  })
})
