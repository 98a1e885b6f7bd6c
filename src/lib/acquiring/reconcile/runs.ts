import type { ReconcileInput, ReconcileReport } from "./report"

export const RECONCILE_WORKFLOW = "acquiring-reconcile"
export const RECONCILE_CONFIG_WORKFLOW = "acquiring-reconcile-config"
export const RECONCILE_RUN_WORKFLOW = "acquiring-reconcile-run"
/** A run's first and last steps: the admin reads a background run's start and report from them. */
export const LOAD_TARGETS_STEP = "acquiring-reconcile-load-targets"
export const RECONCILE_REPORT_STEP = "acquiring-reconcile-report"

/** How long a finished run stays readable before the engine deletes its execution row. */
export const RUN_RETENTION_SECONDS = 24 * 3600

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

interface StoredStep {
  id?: string
  startedAt?: number
  definition?: { action?: string }
  invoke?: { state?: string }
}

export interface StoredExecution {
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
