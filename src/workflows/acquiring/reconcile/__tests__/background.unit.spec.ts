import { readRun, requestReconcile, runRequested, RECONCILE_REQUESTED, RUN_TTL_SECONDS } from "../background"
import { reconcile } from "../run"

jest.mock("../run", () => ({ reconcile: jest.fn() }))

const REPORT = {
  started_at: "a",
  finished_at: "b",
  payments_checked: 3,
  sessions_checked: 1,
  changes: [{ kind: "capture", order_no: "X" }],
}

/** A container with a cache (as Medusa's cache module: value and ttl per key), an event bus and a logger. */
function container() {
  const cache = new Map<string, { value: unknown; ttl?: number }>()
  const emitted: Array<{ name: string; data: any }> = []
  const logger = { info: jest.fn(), warn: jest.fn(), error: jest.fn() }
  const deps: Record<string, unknown> = {
    cache: {
      get: async (k: string) => structuredClone(cache.get(k)?.value ?? null),
      set: async (k: string, value: unknown, ttl?: number) => void cache.set(k, { value: structuredClone(value), ttl }),
    },
    event_bus: { emit: async (e: { name: string; data: any }) => void emitted.push(e) },
    logger,
  }
  return { c: { resolve: (k: string) => deps[k] } as never, cache, emitted, logger }
}

describe("background reconciliation (sync now with background: true)", () => {
  beforeEach(() => jest.mocked(reconcile).mockReset())

  it("the request queues a run in the cache and emits one event; the worker runs it and keeps the report", async () => {
    const { c, cache, emitted } = container()
    const run = await requestReconcile(c, { order_ids: ["order_1"] })
    expect(run).toMatchObject({ status: "queued", input: { order_ids: ["order_1"] } })
    expect(run.id).toMatch(/^acqrun_[0-9a-f-]{36}$/)
    expect(emitted).toEqual([
      { name: RECONCILE_REQUESTED, data: { run_id: run.id, input: { order_ids: ["order_1"] } } },
    ])
    expect([...cache.values()][0].ttl).toBe(RUN_TTL_SECONDS)
    expect(reconcile).not.toHaveBeenCalled()

    jest.mocked(reconcile).mockResolvedValue(REPORT as never)
    const done = await runRequested(c, emitted[0].data)
    expect(jest.mocked(reconcile).mock.calls[0][1]).toEqual({ order_ids: ["order_1"] })
    expect(done).toMatchObject({ id: run.id, status: "done", report: REPORT, finished_at: "b" })
    expect(await readRun(c, run.id)).toEqual(done)
  })

  it("a redelivered event of a finished run does not reconcile again", async () => {
    const { c, emitted } = container()
    const run = await requestReconcile(c, {})
    jest.mocked(reconcile).mockResolvedValue(REPORT as never)
    await runRequested(c, emitted[0].data)
    await runRequested(c, emitted[0].data)
    expect(reconcile).toHaveBeenCalledTimes(1)
    expect((await readRun(c, run.id))?.status).toBe("done")
  })

  it("a failing run is kept as failed with the error; an unknown id reads as null", async () => {
    const { c, emitted, logger } = container()
    const run = await requestReconcile(c, {})
    jest.mocked(reconcile).mockRejectedValue(new Error("database went away"))
    await runRequested(c, emitted[0].data)
    expect(await readRun(c, run.id)).toMatchObject({ status: "failed", error: "database went away" })
    expect(logger.error).toHaveBeenCalledWith(expect.stringContaining("database went away"))
    expect(await readRun(c, "acqrun_00000000-0000-0000-0000-000000000000")).toBeNull()
  })
})
