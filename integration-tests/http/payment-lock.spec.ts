import { useAcquiringEnv } from "./helpers/acquiring-env"
import { acquiringTestRunner } from "./helpers/acquiring-suite"
import { adminOrder } from "./helpers/acquiring-store"
import { placeOrder, placeOrders, requestMark, requestsSince, sleep } from "./helpers/acquiring-orders"
import { lockKey } from "../../src/lib/acquiring/queries/payments"

jest.setTimeout(600_000)

const env = useAcquiringEnv({ request_log_size: 10_000 })

/**
 * Medusa's own refund and capture routes take the payment's lock (`acquiring:payment:<id>`, the
 * one bulk operations take; src/api/admin/payments/middlewares.ts), so the two paths exclude each
 * other and Medusa's books show what the gateway did as soon as the requests return (#25).
 */
acquiringTestRunner(({ api, getContainer, seed, admin }) => {
  const paymentOf = async (orderId: string) => (await adminOrder(api, seed, orderId)).payment_collections[0].payments[0]

  it("5 bulk refunds and 5 Medusa refund-route calls of 60 % racing on one payment: the gateway refunds once and Medusa records it at once (10 runs)", async () => {
    const sandbox = env.sandbox()
    const RUNS = 10
    const orders = await placeOrders(api, seed, sandbox, RUNS)
    const capture = await admin.post("/admin/acquiring/bulk/capture", { order_ids: orders.map((o) => o.order_id) })
    expect(capture.data.results.map((r: any) => r.status)).toEqual(orders.map(() => "captured"))

    const runs: Array<{
      run: number
      ms: number
      gateway: string[]
      medusa: number[]
      succeeded: number
      answers: string[]
    }> = []
    for (const [run, o] of orders.entries()) {
      const payment = await paymentOf(o.order_id)
      const captured = Number(payment.captures[0].amount)
      const amount = ((Math.round(captured * 100) * 60) / 10_000).toFixed(2) // 60 % of 32.89 = 19.73
      const t0 = Date.now()
      // Interleaved, all in flight at once: bulk (each its own idempotency key: five separate refunds
      // asked for), Medusa's route, bulk, route …
      const answers = await Promise.all(
        Array.from({ length: 5 }, (_, i) => [
          admin
            .post("/admin/acquiring/bulk/refund", {
              orders: [{ order_id: o.order_id, amount }],
              idempotency_key: `race-${run}-${i}-bulk`,
            })
            .then((res: any) => ({
              ok: res.status === 200 && res.data.results?.[0]?.status === "refunded",
              said: `bulk ${res.status} ${res.data.results?.[0]?.status ?? ""} ${res.data.results?.[0]?.error ?? res.data.message ?? ""}`,
            })),
          admin.post(`/admin/payments/${payment.id}/refund`, { amount: Number(amount) }).then((res: any) => ({
            ok: res.status === 200,
            said: `route ${res.status} ${res.status === 200 ? "" : res.data.message}`,
          })),
        ]).flat(),
      )
      const ms = Date.now() - t0
      // Read at once: no reconciliation run, no waiting for the gateway's notification.
      const after = await paymentOf(o.order_id)
      const gw = sandbox.inspect.order(o.order_no)!
      runs.push({
        run,
        ms,
        gateway: gw.refunds.map((r: any) => r.refund_amount),
        medusa: after.refunds.map((r: any) => Number(r.amount)),
        succeeded: answers.filter((a) => a.ok).length,
        answers: answers.map((a) => a.said.trim()),
      })
      const last = runs.at(-1)!
      expect(Number(gw.refunded_amount)).toBeLessThanOrEqual(captured)
      expect(last.medusa.reduce((s, a) => s + a, 0)).toBeLessThanOrEqual(captured)
    }
    const wanted = (r: (typeof runs)[number], amount: string) =>
      r.gateway.join() === amount && r.medusa.join() === String(Number(amount)) && r.succeeded === 1
    const bad = runs.filter((r) => !wanted(r, "19.73"))
    console.log(
      `payment-lock race: ${RUNS - bad.length}/${RUNS} runs right; ms per run ${runs.map((r) => r.ms).join(", ")}` +
        (bad.length ? `\nwrong runs:\n${bad.map((r) => JSON.stringify(r)).join("\n")}` : "") +
        `\nanswers of run 0: ${runs[0].answers.join(" | ")}`,
    )
    expect(bad).toEqual([])
  })

  it("Medusa's capture route waits while another operation holds the payment's lock, then captures", async () => {
    const sandbox = env.sandbox()
    const o = await placeOrder(api, seed, sandbox)
    const payment = await paymentOf(o.order_id)
    const locking = getContainer().resolve("locking")
    // What a bulk call holds while it runs (src/workflows/acquiring/bulk/steps/acquire-locks.ts).
    await locking.acquire(lockKey(payment.id), { ownerId: "test-bulk", expire: 60 })
    const mark = requestMark(sandbox)
    const t0 = Date.now()
    let answered = false
    const capture = admin.post(`/admin/payments/${payment.id}/capture`).finally(() => (answered = true))
    await sleep(1_500)
    expect(answered).toBe(false)
    expect(requestsSince(sandbox, "/v1/capture", mark)).toHaveLength(0)
    expect(sandbox.inspect.order(o.order_no)!.captured_amount).toBe("0.00")
    await locking.release(lockKey(payment.id), { ownerId: "test-bulk" })
    const res = await capture
    expect(res.status).toBe(200)
    expect(Date.now() - t0).toBeGreaterThanOrEqual(1_500)
    expect(sandbox.inspect.order(o.order_no)!.captured_amount).toBe("32.89")
    expect((await paymentOf(o.order_id)).captures.map((c: any) => Number(c.amount))).toEqual([32.89])
    // The route gave the lock back when it answered (not at the end of its 600 s lease).
    await expect(locking.execute(lockKey(payment.id), async () => "free", { timeout: 2 })).resolves.toBe("free")
  })
})
