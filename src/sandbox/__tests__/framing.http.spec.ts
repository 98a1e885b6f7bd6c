import { startSandbox, type Sandbox } from "../index"

/** iFrame mode: the pages may be framed by the configured storefront origins only. */
describe("sandbox page framing", () => {
  const started: Sandbox[] = []
  afterAll(() => Promise.all(started.map((s) => s.stop())))

  async function pageHeaders(frame_ancestors?: string[]) {
    const sb = await startSandbox({ port: 0, ...(frame_ancestors ? { frame_ancestors } : {}) })
    started.push(sb)
    const res = await fetch(`${sb.url}/apm/${"0".repeat(32)}`)
    await res.text()
    return res.headers
  }

  it("answers X-Frame-Options SAMEORIGIN by default", async () => {
    const h = await pageHeaders()
    expect(h.get("x-frame-options")).toBe("SAMEORIGIN")
    expect(h.get("content-security-policy")).toBeNull()
  })

  it("allows the configured origins through CSP frame-ancestors instead", async () => {
    const h = await pageHeaders(["http://localhost:8000/shop", "https://shop.example"])
    expect(h.get("x-frame-options")).toBeNull()
    expect(h.get("content-security-policy")).toBe("frame-ancestors 'self' http://localhost:8000 https://shop.example")
  })
})
