import { sniffDecode } from "../../codecs"
import { parseClientOptions } from "../../options"
import { runDoctor } from ".."
import { variants } from "../variants"

/**
 * What the sandbox cannot play (it compares signatures case-insensitively, as the engine does [C]): a
 * gateway taking only upper-case hex, an unknown refusal code, the query_result 2 reading. Mocked fetch.
 */
type Json = Record<string, unknown>
const json = (value: Json, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { "content-type": "application/json" } })

function gateway(answer: (op: string, body: Json) => Response) {
  const paths: string[] = []
  const fetch = (async (url: string | URL | Request, init?: RequestInit) => {
    const op = new URL(String(url)).pathname.split("/").pop()!
    paths.push(op)
    const decoded = sniffDecode(String(init?.body ?? ""))
    return answer(op, (decoded.type === "html" ? {} : decoded.value) as Json)
  }) as typeof globalThis.fetch
  return { fetch, paths }
}

const options = (fetch: typeof globalThis.fetch) => ({
  merchant_id: "1000001",
  base_url: "https://gw.example",
  accounts: [{ account_id: "100000101", sign_key: "k-very-secret" }],
  query_retries: 0,
  fetch,
})
const ok = (extra: Json = {}) => json({ merchant_id: "1000001", account_id: "100000101", return_status: "1", ...extra })
const signatureError = () =>
  json({ code: "I0013", source: "encryption_data", message: "signature does not match" }, 401)

describe("doctor (unit)", () => {
  it("finds a gateway that takes only upper-case hex and says no option sends it", async () => {
    const gw = gateway((_op, body) => (/[A-F]/.test(String(body.encryption_data)) ? ok() : signatureError()))
    const report = await runDoctor(options(gw.fetch), { checkout: false })
    const [credentials] = report.findings
    expect(credentials).toMatchObject({ check: "credentials", ok: false })
    expect(credentials.saw).toMatch(/accepted with upper-case hex signature \(no option sends upper-case hex/)
    expect(credentials.fix_options).toBeUndefined()
    expect(report.option_lines).toEqual([])
    expect(gw.paths).toEqual(["retrievalTrans", "retrievalTrans"])
  })

  it("reports the query_result 2 reading of an unknown order", async () => {
    const gw = gateway((_op, body) =>
      ok({ orders_list: [{ order_no: body.orders, query_result: "2", amount: "", currency: "" }] }),
    )
    const report = await runDoctor(options(gw.fetch), { checkout: false })
    expect(report).toMatchObject({ ok: true, unknown_order_reading: "query_result_2" })
    expect(report.findings[1].saw).toMatch(/entry with query_result 2/)
  })

  it("an unknown refusal is reported verbatim (code, source, message) after the alternatives", async () => {
    const gw = gateway(() => json({ code: "X0999", source: "terminal", message: "Terminal closed" }, 403))
    const report = await runDoctor(options(gw.fetch), { checkout: false })
    expect(report.findings).toHaveLength(1)
    expect(report.findings[0].saw).toMatch(/code X0999, source terminal, HTTP 403: .*Terminal closed/)
    expect(report.findings[0].saw).not.toContain("k-very-secret")
    expect(gw.paths).toHaveLength(6)
  })

  it("a timeout is one line and no alternative is tried", async () => {
    const gw = gateway(() => {
      throw new TypeError("fetch failed")
    })
    const report = await runDoctor(options(gw.fetch), { checkout: false })
    expect(report.findings).toHaveLength(1)
    expect(report.findings[0].saw).toMatch(/^cannot reach the gateway/)
    expect(gw.paths).toEqual(["retrievalTrans"])
  })

  it("a 5xx is a system error in one line: no alternative is tried (a retry would look like a cure)", async () => {
    const gw = gateway((_op, _body) => json({ code: "S0001", source: "", message: "system error" }, 503))
    const report = await runDoctor(options(gw.fetch), { checkout: false })
    expect(report.findings[0].saw).toMatch(/answered with a system error \(code S0001, HTTP 503/)
    expect(gw.paths).toEqual(["retrievalTrans"])
  })

  it("sends only retrievalTrans, checkout and cancel, and refuses the checkout probe in live mode", async () => {
    const gw = gateway(() => signatureError())
    await runDoctor(options(gw.fetch))
    expect(new Set(gw.paths)).toEqual(new Set(["retrievalTrans"]))
    await expect(runDoctor({ ...options(gw.fetch), mode: "live" }, { checkout: true })).rejects.toThrow(
      /test mode only/,
    )
  })

  it("tries the configured variant first, then one change at a time", () => {
    const parsed = parseClientOptions({ ...options(fetch), encodings: { checkout: "json" } })
    const list = variants(parsed, "checkout")
    // return_url (configured = documented) and notify_url rows × 3 encodings × 2 cases
    expect(list).toHaveLength(12)
    expect(list[0]).toMatchObject({ encoding: "json", upper: false })
    expect(list.slice(1, 5).map((v) => [v.encoding, v.upper, v.row.at(-1)])).toEqual([
      ["json", true, "return_url"],
      ["form", false, "return_url"],
      ["xml", false, "return_url"],
      ["json", false, "notify_url"],
    ])
  })
})
