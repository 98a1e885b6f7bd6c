import { readRun } from "../../../../lib/acquiring/queries/reconcile-runs"
import { runOf, RECONCILE_RUN_WORKFLOW, RUN_RETENTION_SECONDS } from "../../../../lib/acquiring/reconcile/runs"
import { reconcileRunWorkflow } from "../background"

const REPORT = {
  started_at: "2026-11-23T10:00:01.000Z",
  finished_at: "2026-11-23T10:00:02.000Z",
  payments_checked: 3,
  sessions_checked: 1,
  changes: [{ kind: "capture", order_no: "X" }],
}
const ID = "acqrun_00000000-0000-0000-0000-000000000001"

/** A stored execution as Medusa's workflow engine keeps it (workflow_execution row). */
function execution(state: string, firstStep: string, extra: Record<string, unknown> = {}) {
  return {
    state,
    created_at: new Date("2026-11-23T10:00:00.000Z"),
    updated_at: new Date("2026-11-23T10:00:03.000Z"),
    execution: {
      steps: {
        _root: { id: "_root" },
        "_root.q": { definition: { action: "acquiring-reconcile-queue-run" }, invoke: { state: "done" } },
        "_root.q.t": {
          definition: { action: "acquiring-reconcile-load-targets" },
          invoke: { state: firstStep },
          ...(firstStep === "not_started" ? {} : { startedAt: Date.parse("2026-11-23T10:00:01.000Z") }),
        },
      },
    },
    context: { data: { payload: { order_ids: ["order_1"] }, invoke: {} }, errors: [] },
    ...extra,
  }
}

describe("background reconciliation (sync now with background: true) as a stored workflow", () => {
  it("is registered under its own name and kept a day after it ends", () => {
    expect(RUN_RETENTION_SECONDS).toBe(24 * 3600)
    expect(reconcileRunWorkflow.getName()).toBe(RECONCILE_RUN_WORKFLOW)
  })

  it("reads queued, running, done with its report, and failed with its error from the stored execution", () => {
    expect(runOf(ID, execution("invoking", "not_started"))).toEqual({
      id: ID,
      status: "queued",
      input: { order_ids: ["order_1"] },
      requested_at: "2026-11-23T10:00:00.000Z",
    })
    expect(runOf(ID, execution("invoking", "invoking"))).toMatchObject({
      status: "running",
      started_at: "2026-11-23T10:00:01.000Z",
    })
    const done = execution("done", "done")
    done.context.data.invoke = { "acquiring-reconcile-report": { output: { output: REPORT } } } as never
    expect(runOf(ID, done)).toMatchObject({ status: "done", report: REPORT, finished_at: REPORT.finished_at })
    const failed = execution("reverted", "failed")
    failed.context.errors = [
      { action: "acquiring-reconcile-load-targets", error: { message: "database went away" } },
    ] as never
    expect(runOf(ID, failed)).toMatchObject({
      status: "failed",
      error: "database went away",
      finished_at: "2026-11-23T10:00:03.000Z",
    })
    expect(runOf(ID, execution("failed", "failed"))).toMatchObject({ status: "failed", error: "the run ended failed" })
  })

  it("an unknown id reads as null: asked of the engine by workflow and transaction id; a malformed id is not asked", async () => {
    const list = jest.fn(async () => [])
    const c = { resolve: () => ({ listWorkflowExecutions: list }) } as never
    expect(await readRun(c, ID)).toBeNull()
    expect(list).toHaveBeenCalledWith({ workflow_id: RECONCILE_RUN_WORKFLOW, transaction_id: ID }, { take: 1 })
    expect(await readRun(c, "not-a-run")).toBeNull()
    expect(list).toHaveBeenCalledTimes(1)
  })
})
