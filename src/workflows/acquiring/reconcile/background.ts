import { randomUUID } from "node:crypto"
import type { IWorkflowEngineService, MedusaContainer } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import {
  createStep,
  createWorkflow,
  StepResponse,
  WorkflowResponse,
  type WorkflowData,
} from "@medusajs/framework/workflows-sdk"
import { z } from "zod"
import { formatIssues } from "../../../gateway/zod-issues"
import type { ReconcileInput, ReconcileReport } from "./run"
import { RECONCILE_REPORT_STEP } from "./steps/report"
import { LOAD_TARGETS_STEP } from "./steps/load-targets"
import { reconcileSteps } from "./workflow"

export const RECONCILE_RUN_WORKFLOW = "acquiring-reconcile-run"

/** How long a finished run stays readable before the engine deletes its execution row. */
export const RUN_RETENTION_SECONDS = 24 * 3600

export const ReconcileRunInput = z
  .object({
    config_ids: z.array(z.string().min(1)).min(1).optional(),
    order_ids: z.array(z.string().min(1)).min(1).optional(),
  })
  .strict()

export const RUN_ID = /^acqrun_[0-9a-f-]{36}$/

export interface ReconcileRun {
  id: string
  status: "queued" | "running" | "done" | "failed"
  input: ReconcileInput
  requested_at: string
  started_at?: string
  finished_at?: string
  report?: ReconcileReport
  error?: string
}

/** As a background step its end is scheduled by the engine, so the run continues wherever the engine runs workflows. */
const queueReconcileRunStep = createStep(
  { name: "acquiring-reconcile-queue-run", async: true, backgroundExecution: true },
  async (input: ReconcileInput) => {
    const parsed = ReconcileRunInput.safeParse(input)
    if (!parsed.success)
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `input: ${formatIssues(parsed.error, { fallback: "body" })}`,
      )
    return new StepResponse(undefined)
  },
)

/**
 * "Sync now" in the background: a reconciliation Medusa's workflow engine stores (one
 * workflow_execution row per run, kept RUN_RETENTION_SECONDS after it ends) and resumes after
 * the hand-off on whichever instance takes the queued continuation. Idempotent: a run id runs once.
 */
export const reconcileRunWorkflow = createWorkflow(
  { name: RECONCILE_RUN_WORKFLOW, store: true, retentionTime: RUN_RETENTION_SECONDS, idempotent: true },
  (input: WorkflowData<ReconcileInput>) => {
    queueReconcileRunStep(input)
    return new WorkflowResponse(reconcileSteps(input, { stored: true }))
  },
)

/** Start a background run; answers at once with its handle (the id is the engine's transaction id). */
export async function requestReconcile(container: MedusaContainer, input: ReconcileInput): Promise<ReconcileRun> {
  const id = `acqrun_${randomUUID()}`
  const requested_at = new Date().toISOString()
  await reconcileRunWorkflow(container).run({ input, context: { transactionId: id } })
  return { id, status: "queued", input, requested_at }
}

interface StoredStep {
  id?: string
  startedAt?: number
  definition?: { action?: string }
  invoke?: { state?: string }
}

interface StoredExecution {
  state: string
  created_at?: Date | string
  updated_at?: Date | string
  execution?: { steps?: Record<string, StoredStep> } | null
  context?: {
    data?: { payload?: ReconcileInput; invoke?: Record<string, { output?: { output?: unknown } } | undefined> }
    errors?: Array<{ action?: string; error?: { message?: string } }>
  } | null
}

const iso = (d: Date | string | number | undefined) => (d === undefined ? undefined : new Date(d).toISOString())

/** The run as the admin reads it, from the engine's stored execution. */
export function runOf(id: string, exec: StoredExecution): ReconcileRun {
  const steps = Object.values(exec.execution?.steps ?? {})
  const first = steps.find((s) => s.definition?.action === LOAD_TARGETS_STEP)
  const started = first?.invoke?.state && first.invoke.state !== "not_started" ? first.startedAt : undefined
  const base: ReconcileRun = {
    id,
    status: started ? "running" : "queued",
    input: exec.context?.data?.payload ?? {},
    requested_at: iso(exec.created_at) ?? new Date(0).toISOString(),
    ...(started ? { started_at: iso(started) } : {}),
  }
  if (exec.state === "done") {
    // The engine keeps a step's StepResponse under invoke[step].output; the step's own output is inside it.
    const report = exec.context?.data?.invoke?.[RECONCILE_REPORT_STEP]?.output?.output as ReconcileReport
    return { ...base, status: "done", finished_at: report?.finished_at, report }
  }
  if (exec.state === "failed" || exec.state === "reverted") {
    const error = exec.context?.errors?.find((e) => e.error?.message)?.error?.message ?? `the run ended ${exec.state}`
    return { ...base, status: "failed", finished_at: iso(exec.updated_at), error }
  }
  return base
}

/** The run's state, or null when unknown or older than its retention. */
export async function readRun(container: MedusaContainer, id: string): Promise<ReconcileRun | null> {
  if (!RUN_ID.test(id)) return null
  const engine = container.resolve<IWorkflowEngineService>(Modules.WORKFLOW_ENGINE)
  const [exec] = await engine.listWorkflowExecutions(
    { workflow_id: RECONCILE_RUN_WORKFLOW, transaction_id: id },
    { take: 1 },
  )
  return exec ? runOf(id, exec as unknown as StoredExecution) : null
}
