import { parseAcquiringOptions } from "../../../../../lib/acquiring/options"
import { diagnose } from "../diagnose"

/** The settings page's "Test credentials" runs the doctor: per-account lines kept, findings added, no key shown. */
function config(mode: "test" | "live", answer: (path: string) => Response) {
  const paths: string[] = []
  const fetch = (async (url: string | URL | Request) => {
    const path = new URL(String(url)).pathname
    paths.push(path)
    return answer(path)
  }) as typeof globalThis.fetch
  const options = parseAcquiringOptions({
    merchant_id: "1000001",
    mode,
    base_url: "https://gw.example",
    accounts: [
      { account_id: "100000101", sign_key: "very-secret-key-1", currencies: ["EUR"] },
      { account_id: "100000102", sign_key: "very-secret-key-2" },
    ],
    store_url: "https://shop.example",
    query_retries: 0,
    fetch,
  })
  return { paths, c: { config_id: "acquiring", provider_ids: [], options } }
}
const json = (value: object, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { "content-type": "application/json" } })

describe("settings: test credentials (doctor)", () => {
  it("a live config: only retrievalTrans, even when the checkout probe is asked for", async () => {
    const { paths, c } = config("live", () => json({ return_status: "1", orders_list: [] }))
    const { diagnosis, accounts } = await diagnose(c, true)
    expect(paths).toEqual(["/v1/retrievalTrans", "/v1/retrievalTrans"])
    expect(diagnosis).toMatchObject({ config_id: "acquiring", checkout: false, ok: true, option_lines: [] })
    expect(accounts.map((a) => [a.account_id, a.ok])).toEqual([
      ["100000101", true],
      ["100000102", true],
    ])
  })

  it("a refused account keeps its line with the doctor's one-line reason, and no key is shown", async () => {
    const { c } = config("test", () =>
      json({ code: "I0013", source: "encryption_data", message: "bad signature" }, 401),
    )
    const { diagnosis, accounts } = await diagnose(c, false)
    expect(accounts[0]).toMatchObject({ ok: false, error: { kind: "doctor" } })
    expect(accounts[0].error!.message).toMatch(/check this account's sign_key/)
    expect(diagnosis.ok).toBe(false)
    expect(JSON.stringify({ diagnosis, accounts })).not.toContain("very-secret")
  })
})
