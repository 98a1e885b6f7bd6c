import http from "node:http"
import type { AddressInfo } from "node:net"
import { useAcquiringEnv } from "./helpers/acquiring-env"
import { acquiringTestRunner } from "./helpers/acquiring-suite"
import { placeOrder, sleep } from "./helpers/acquiring-orders"
import { ACQUIRING_MODULE, type AcquiringModuleService } from "../../src/modules/acquiring"
import type { ConfigModule } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { encodeForm } from "../../src/gateway/codecs/form"
import { acquiringProviderConfigs } from "../../src/lib/acquiring/config"
import { testNotification } from "../../src/lib/acquiring/notify-health/test-notification"

jest.setTimeout(300_000)

const env = useAcquiringEnv()

/** Cards of the sandbox and the reason code each declines with. */
const DECLINES = { "4000000000000002": "E0001", "4000000000009995": "E0002", "4000000000000069": "E0006" } as const

/** A local server answering every request with one status (and a Location for a redirect). */
async function answering(status: number): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) => {
    if (status >= 300 && status < 400) res.setHeader("location", "https://elsewhere.test/hooks/acquiring/notify")
    res.statusCode = status
    res.end("not the shop")
  })
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hooks/acquiring/notify`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
}

/**
 * Issue 37: the overview's figures after real checkouts equal the books, the list behind a
 * decline bar holds exactly those payments, and Check notification address tells a reachable
 * notify route from a 404, a redirect and a refused connection.
 */
acquiringTestRunner(({ api, getContainer, seed, admin }) => {
  const books = () => getContainer().resolve<AcquiringModuleService>(ACQUIRING_MODULE)

  it("counts approved and declined checkouts with their reasons and amounts, as the books hold them", async () => {
    const sandbox = env.sandbox()
    const approved = [await placeOrder(api, seed, sandbox), await placeOrder(api, seed, sandbox)]
    const declined: { order_no: string; code: string }[] = []
    for (const [card, code] of Object.entries(DECLINES)) {
      const d = await placeOrder(api, seed, sandbox, { card, complete: false })
      declined.push({ order_no: d.order_no, code })
    }
    expect(await sandbox.notifications.settle(20_000)).toBe(true)
    await sleep(500)

    const { data } = await admin.get("/admin/acquiring/overview?period=today")
    const o = data.overview
    const mine = await books().listGatewayOrders({ order_no: [...approved.map((a) => a.order_no)] })
    const eur = mine.reduce((a, g) => a + Math.round(Number(g.amount) * 100), 0)
    expect(o.outcomes.totals.approved).toBe(2)
    expect(o.tiles.volume.count).toBe(2)
    expect(Math.round(Number(Object.values(o.tiles.volume.amounts)[0]) * 100)).toBe(eur)
    expect(o.outcomes.totals.declined).toBe(3)
    const byCategory = Object.fromEntries(o.outcomes.declines.map((d: any) => [d.category, d.codes]))
    expect(byCategory.refused).toEqual([{ code: "E0001", count: 1 }])
    expect(byCategory.insufficient_funds).toEqual([{ code: "E0002", count: 1 }])
    expect(byCategory.expired).toEqual([{ code: "E0006", count: 1 }])
    expect(o.outcomes.approval_rate).toBe(40)

    const list = await admin.get(
      "/admin/acquiring/overview/payments?period=today&outcome=declined&category=insufficient_funds",
    )
    expect(list.data.payments.map((p: any) => p.order_no)).toEqual([declined.find((d) => d.code === "E0002")!.order_no])
    const all = await admin.get("/admin/acquiring/overview/payments?period=today&outcome=declined")
    expect(all.data.count).toBe(3)
  })

  it("refuses a custom period without its ends, naming them", async () => {
    const res = await admin.get("/admin/acquiring/overview?period=custom").catch((e: any) => e.response)
    expect(res.status).toBe(400)
    expect(res.data.message).toMatch(/both from and to/)
  })

  it("checks the notify address: reachable, 404, redirect, refused", async () => {
    const check = (url?: string) =>
      admin
        .post("/admin/acquiring/overview/notifications/check-address", url ? { url } : {})
        .then((r: any) => r.data.check)
    const own = await check()
    expect(own).toMatchObject({ ok: true, status: 400, problem: null })

    const missing = await answering(404)
    const moved = await answering(301)
    try {
      expect(await check(missing.url)).toMatchObject({ ok: false, status: 404, problem: "http_error" })
      expect(await check(moved.url)).toMatchObject({
        ok: false,
        problem: "redirect",
        location: "https://elsewhere.test/hooks/acquiring/notify",
      })
    } finally {
      await missing.close()
      await moved.close()
    }
    // The closed server's port: nothing listens there any more.
    expect(await check(missing.url)).toMatchObject({ ok: false, problem: "refused", status: null })
    const other = await admin
      .post("/admin/acquiring/overview/notifications/check-address", { url: "http://127.0.0.1:1/admin/users" })
      .catch((e: any) => e.response)
    expect(other.status).toBe(400)
  })

  it("shows the last accepted delivery per provider, leaving out the address checks", async () => {
    const sandbox = env.sandbox()
    const placed = await placeOrder(api, seed, sandbox)
    expect(await sandbox.notifications.settle(20_000)).toBe(true)
    await admin.post("/admin/acquiring/overview/notifications/check-address", {})
    await sleep(500)
    const { data } = await admin.get("/admin/acquiring/overview/notifications")
    const p = data.providers[0]
    expect(p.last_accepted).toMatchObject({ order_no: placed.order_no, status: 200 })
    expect(p.mode).toBe("test")
    expect(p.last_refused?.reason ?? "").not.toMatch(/order_no is missing/)
  })

  it("sends a signed test notification through the notify route: recorded as a test, no payment changed", async () => {
    const sandbox = env.sandbox()
    const placed = await placeOrder(api, seed, sandbox)
    expect(await sandbox.notifications.settle(20_000)).toBe(true)
    await sleep(500)
    const payments = () =>
      getContainer()
        .resolve(Modules.PAYMENT)
        .listPayments({}, { select: ["id", "amount"] })
    const orders = async () =>
      (await books().listGatewayOrders({})).map((g) => `${g.order_no}:${g.state}:${g.amount}`).sort()
    const [paymentsBefore, ordersBefore] = [await payments(), await orders()]

    const { data, status } = await admin.post("/admin/acquiring/overview/notifications/test", {})
    expect(status).toBe(200)
    expect(data.test).toMatchObject({ ok: true, status: 200, problem: null, recorded: true })
    expect(data.test.order_no).toMatch(/^payses00000000TEST/)
    const rows = await books().listNotifications({ order_no: data.test.order_no })
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      notify_type: "test",
      verdict: "accepted",
      reply_status: 200,
      changed: "test notification: no payment changed",
    })
    expect(await payments()).toEqual(paymentsBefore)
    expect(await orders()).toEqual(ordersBefore)
    // Nothing was asked of the gateway about it: the route does not confirm it as it confirms a payment.
    const asked = sandbox.inspect.requests().filter((r) => JSON.stringify(r.body ?? {}).includes(data.test.order_no))
    expect(asked).toEqual([])

    const health = (await admin.get("/admin/acquiring/overview/notifications")).data.providers[0]
    expect(health.last_test).toMatchObject({ order_no: data.test.order_no, status: 200, reason: null })
    expect(health.last_accepted).toMatchObject({ order_no: placed.order_no })

    // The route verifies it as the gateway's: another amount under the same signature, or a real order number, is refused.
    const config = getContainer().resolve(ContainerRegistrationKeys.CONFIG_MODULE) as ConfigModule
    const client = acquiringProviderConfigs(config)[0].options.client
    const post = (fields: Record<string, string>) =>
      api.post("/hooks/acquiring/notify", encodeForm(fields), {
        headers: { "content-type": "application/x-www-form-urlencoded" },
        validateStatus: () => true,
      })
    const sample = testNotification(client, client.accounts[0].account_id)
    expect((await post({ ...sample, amount: "1.00" })).status).toBe(401)
    const named = testNotification(client, client.accounts[0].account_id, placed.order_no)
    const real = await post(named)
    expect(real.status).toBe(400)
    expect(real.data.message).toMatch(/test order number/)
    const unknown = await admin.post("/admin/acquiring/overview/notifications/test", { account_id: "nobody" })
    expect(unknown.status).toBe(400)
  })
})
