import { useAcquiringEnv } from "./helpers/acquiring-env"
import { acquiringTestRunner } from "./helpers/acquiring-suite"
import { adminOrder } from "./helpers/acquiring-store"
import { placeOrder, requestMark, requestsSince, sleep } from "./helpers/acquiring-orders"
import { reconcileRunWorkflow } from "../../src/workflows/acquiring/reconcile/background"

jest.setTimeout(300_000)

const env = useAcquiringEnv()

/**
 * "Sync now" in the background: the request answers 202 with a run handle at once, the run happens
 * where workflows run (here the shared instance; the worker when scaled out, see
 * integration-tests/multiprocess) and its report is read back from Medusa's workflow engine,
 * which stores the run (workflow_execution) for a day.
 */
acquiringTestRunner(({ api, getContainer, seed, admin }) => {
  const waitRun = async (id: string) => {
    // A deadline, not a count: a run takes longer on a slow runner.
    for (const end = Date.now() + 120_000; Date.now() < end;) {
      const res = await admin.get(`/admin/acquiring/reconcile/${id}`)
      expect(res.status).toBe(200)
      if (res.data.run.status === "done" || res.data.run.status === "failed") return res.data.run
      await sleep(200)
    }
    throw new Error(`run ${id} did not finish`)
  }

  it("a background sync answers 202 with a handle; the run records a portal capture once and keeps its report", async () => {
    const sandbox = env.sandbox()
    const o = await placeOrder(api, seed, sandbox)
    sandbox.portal.capture(o.order_no)
    const mark = requestMark(sandbox)

    const queued = await admin.post("/admin/acquiring/reconcile", { order_ids: [o.order_id], background: true })
    expect(queued.status).toBe(202)
    expect(queued.data.run).toMatchObject({ status: "queued", input: { order_ids: [o.order_id] } })
    expect(queued.data.run.report).toBeUndefined()

    const run = await waitRun(queued.data.run.id)
    expect(run.status).toBe("done")
    expect(run.report.changes).toEqual([
      expect.objectContaining({ kind: "capture", order_id: o.order_id, amount: "32.89" }),
    ])
    const payment = (await adminOrder(api, seed, o.order_id)).payment_collections[0].payments[0]
    expect(payment.captures.map((c: any) => c.amount)).toEqual([32.89])
    expect(requestsSince(sandbox, "/v1/capture", mark)).toHaveLength(0)

    // Two more background runs at once: nothing changes twice.
    const again = await Promise.all([1, 2].map(() => admin.post("/admin/acquiring/reconcile", { background: true })))
    const runs = await Promise.all(again.map((r) => waitRun(r.data.run.id)))
    expect(runs.flatMap((r) => r.report.changes)).toEqual([])
    expect((await adminOrder(api, seed, o.order_id)).payment_collections[0].payments[0].captures).toHaveLength(1)
  })

  it("the stored run: a run id runs once (started again, it answers its first report); a failing run reads as failed with its error", async () => {
    const sandbox = env.sandbox()
    const o = await placeOrder(api, seed, sandbox)
    sandbox.portal.capture(o.order_no)
    const queued = await admin.post("/admin/acquiring/reconcile", { order_ids: [o.order_id], background: true })
    const first = await waitRun(queued.data.run.id)
    expect(first.report.changes).toEqual([expect.objectContaining({ kind: "capture", order_id: o.order_id })])

    // The same run id again (a redelivered start): the engine answers the stored run, nothing runs twice.
    const input = { order_ids: [o.order_id] }
    await reconcileRunWorkflow(getContainer()).run({ input, context: { transactionId: first.id } })
    const again = await waitRun(first.id)
    expect(again).toEqual(first)

    // A run whose input the engine refuses (the route's validation bypassed): failed, with the error.
    const bad = "acqrun_00000000-0000-4000-8000-000000000015"
    await reconcileRunWorkflow(getContainer()).run({
      input: { order_ids: [] },
      context: { transactionId: bad },
      throwOnError: false,
    })
    const failed = await waitRun(bad)
    expect(failed).toMatchObject({ id: bad, status: "failed", input: { order_ids: [] } })
    expect(failed.error).toMatch(/^input: order_ids/)
    expect(failed.report).toBeUndefined()
  })

  it("an unknown run is a 404 naming run_id; a bad body is a 400 naming the field", async () => {
    const missing = await admin.get("/admin/acquiring/reconcile/acqrun_00000000-0000-0000-0000-000000000000")
    expect(missing.status).toBe(404)
    expect(missing.data.message).toMatch(/^run_id: /)
    const bad = await admin.post("/admin/acquiring/reconcile", { background: "yes" })
    expect(bad.status).toBe(400)
    expect(bad.data.message).toMatch(/background/)
  })
})
