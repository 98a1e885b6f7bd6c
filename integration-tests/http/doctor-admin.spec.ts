import { useAcquiringEnv } from "./helpers/acquiring-env"
import { acquiringTestRunner } from "./helpers/acquiring-suite"
import { requestMark } from "./helpers/acquiring-orders"

jest.setTimeout(300_000)

const env = useAcquiringEnv()

/**
 * The admin's "Test credentials" runs the doctor (#17) in the real app against the sandbox: with the
 * checkout probe asked for in test mode, a 1.00 checkout and its cancel; nothing else that changes state.
 */
acquiringTestRunner(({ admin }) => {
  it("test credentials with checkout: findings all ok, no option line, the test order cancelled", async () => {
    const sandbox = env.sandbox()
    const mark = requestMark(sandbox)
    const res = await admin.post("/admin/acquiring/settings/test-credentials", {
      config_id: "acquiring",
      checkout: true,
    })
    expect(res.status).toBe(200)
    expect(res.data.ok).toBe(true)
    expect(res.data.results).toMatchObject([{ config_id: "acquiring", account_id: "100000101", ok: true }])
    const [diagnosis] = res.data.diagnoses
    expect(diagnosis).toMatchObject({ config_id: "acquiring", checkout: true, ok: true, option_lines: [] })
    expect(diagnosis.findings.map((f: { check: string }) => f.check)).toEqual([
      "credentials",
      "unknown_order",
      "checkout",
      "hosted_page",
      "cancel",
    ])
    expect(JSON.stringify(res.data)).not.toContain("sandbox-key")

    const calls = sandbox.inspect
      .requests()
      .filter((r) => r.id > mark && r.path.startsWith("/v1/"))
      .map((r) => r.path)
    expect(calls).toEqual(["/v1/retrievalTrans", "/v1/checkout", "/v1/retrievalTrans", "/v1/cancel"])
    const order = sandbox.inspect.orders().find((o) => o.order_no.startsWith("DOCTOR"))
    expect(order).toMatchObject({ amount: "1.00", state: "cancelled" })
  })

  it("refuses an unknown field naming it", async () => {
    const res = await admin.post("/admin/acquiring/settings/test-credentials", { checkout: "yes" })
    expect(res.status).toBe(400)
    expect(res.data.message).toContain("checkout")
  })
})
