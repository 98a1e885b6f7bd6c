import { InMemoryLockingProvider } from "@medusajs/locking/dist/providers/in-memory"
import job, { config as jobConfig } from "../acquiring-reconcile"
import { sweepNotifications } from "../../lib/acquiring/books/retention"

// The job runs reconcileWorkflow; `reconcile` stands for one run and records (container, input).
jest.mock("../../workflows/acquiring/reconcile/workflow", () => {
  const reconcile = jest.fn<Promise<unknown>, [unknown, unknown]>(async () => ({
    started_at: "",
    finished_at: "",
    payments_checked: 0,
    sessions_checked: 0,
    changes: [],
  }))
  const reconcileWorkflow = (container: unknown) => ({
    run: async ({ input }: { input: unknown }) => ({ result: await reconcile(container, input) }),
  })
  return { reconcile, reconcileWorkflow }
})
const { reconcile } = jest.requireMock("../../workflows/acquiring/reconcile/workflow") as { reconcile: jest.Mock }

jest.mock("../../lib/acquiring/books/retention", () => ({ sweepNotifications: jest.fn(async () => 0) }))

const common = {
  merchant_id: "1000001",
  accounts: [{ account_id: "100000101", sign_key: "k" }],
  test_base_url: "http://127.0.0.1:1",
  store_url: "http://localhost:9000",
}

/** A container as the job sees it: the app config, a logger and the real in-memory lock provider. */
function container() {
  const locks = new InMemoryLockingProvider()
  const configModule = {
    modules: {
      payment: {
        options: {
          providers: [
            {
              resolve: "./src/providers/acquiring",
              id: "every5",
              options: { ...common, reconcile_interval_minutes: 5 },
            },
            { resolve: "./src/providers/acquiring", id: "off", options: { ...common, reconcile_enabled: false } },
            { resolve: "@medusajs/medusa/payment-stripe", id: "stripe", options: {} },
          ],
        },
      },
    },
  }
  const deps: Record<string, unknown> = {
    configModule,
    logger: { info: jest.fn(), warn: jest.fn(), error: jest.fn() },
    locking: { acquire: (k: string | string[], a: { ownerId?: string; expire?: number }) => locks.acquire(k, a) },
  }
  return { resolve: (key: string) => deps[key] } as never
}

describe("scheduled reconciliation job", () => {
  const now = jest.spyOn(Date, "now")
  afterAll(() => now.mockRestore())

  it("ticks every minute; each enabled provider runs once per its interval, disabled ones never", async () => {
    expect(jobConfig.schedule).toBe("* * * * *")
    const c = container()
    let t = Date.UTC(2026, 10, 21, 9, 0, 0)
    now.mockImplementation(() => t)
    await job(c)
    expect(jest.mocked(reconcile).mock.calls.map((call) => call[1])).toEqual([{ config_ids: ["every5"] }])
    for (const minutes of [1, 2, 3, 4]) {
      t = Date.UTC(2026, 10, 21, 9, minutes, 0)
      await job(c)
    }
    expect(reconcile).toHaveBeenCalledTimes(1)
    t = Date.UTC(2026, 10, 21, 9, 5, 1)
    await job(c)
    expect(reconcile).toHaveBeenCalledTimes(2)
  })

  it("a run that started late (scheduler latency) does not push the next due tick back by one", async () => {
    jest.mocked(reconcile).mockClear()
    const c = container()
    // The 09:00 tick's run takes its lock 12 s late; the 09:05 tick fires on time.
    let t = Date.UTC(2026, 10, 21, 9, 0, 12)
    now.mockImplementation(() => t)
    await job(c)
    t = Date.UTC(2026, 10, 21, 9, 4, 0, 200)
    await job(c)
    expect(reconcile).toHaveBeenCalledTimes(1)
    t = Date.UTC(2026, 10, 21, 9, 5, 0, 200)
    await job(c)
    expect(reconcile).toHaveBeenCalledTimes(2)
  })

  it("logs one line per run naming the config and the tick it belongs to", async () => {
    const c = container()
    const t = Date.UTC(2026, 10, 21, 10, 0, 3)
    now.mockImplementation(() => t)
    await job(c, { scheduledFor: new Date(Date.UTC(2026, 10, 21, 10, 0, 0)) })
    const logger = (c as { resolve: (k: string) => { info: jest.Mock } }).resolve("logger")
    expect(logger.info.mock.calls.map((call) => call[0])).toEqual([
      "acquiring: reconciliation of every5 (tick 2026-11-21T10:00): 0 payments, 0 open carts checked; no changes",
    ])
  })

  it("sweeps the books' old notifications after the run, once an hour, also when no reconciliation is due", async () => {
    jest.mocked(sweepNotifications).mockClear()
    const c = container()
    let t = Date.UTC(2026, 10, 21, 11, 0, 0)
    now.mockImplementation(() => t)
    await job(c)
    expect(sweepNotifications).toHaveBeenCalledTimes(1)
    t = Date.UTC(2026, 10, 21, 11, 30, 0)
    await job(c)
    expect(sweepNotifications).toHaveBeenCalledTimes(1)
    t = Date.UTC(2026, 10, 21, 12, 0, 1)
    await job(c)
    expect(sweepNotifications).toHaveBeenCalledTimes(2)
  })
})
