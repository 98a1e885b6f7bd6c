import { randomUUID } from "node:crypto"
import type { IEventBusModuleService, Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { z } from "zod"
import { cacheOf } from "../../../lib/cache"
import { reconcile, type ReconcileInput, type ReconcileReport } from "./run"

/** Emitted by "sync now" with `background: true`; handled where subscribers run (worker or shared). */
export const RECONCILE_REQUESTED = "acquiring.reconcile.requested"

/** How long a run's state stays readable (Medusa's cache module; Redis when scaled out). */
export const RUN_TTL_SECONDS = 24 * 3600

export const ReconcileRunInput = z.object({
  config_ids: z.array(z.string().min(1)).min(1).optional(),
  order_ids: z.array(z.string().min(1)).min(1).optional(),
})

export const ReconcileRequested = z.object({
  run_id: z.string().regex(/^acqrun_[0-9a-f-]{36}$/, "must be a run id (acqrun_…)"),
  input: ReconcileRunInput,
})
export type ReconcileRequested = z.infer<typeof ReconcileRequested>

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

const cacheKey = (id: string) => `acquiring:reconcile:run:${id}`

async function save(container: MedusaContainer, run: ReconcileRun): Promise<ReconcileRun> {
  await cacheOf(container).set(cacheKey(run.id), run, RUN_TTL_SECONDS)
  return run
}

/** Queue a reconciliation for the worker; answers at once with the run's handle. */
export async function requestReconcile(container: MedusaContainer, input: ReconcileInput): Promise<ReconcileRun> {
  const run = await save(container, {
    id: `acqrun_${randomUUID()}`,
    status: "queued",
    input,
    requested_at: new Date().toISOString(),
  })
  const eventBus = container.resolve(Modules.EVENT_BUS) as IEventBusModuleService
  await eventBus.emit({ name: RECONCILE_REQUESTED, data: { run_id: run.id, input } satisfies ReconcileRequested })
  return run
}

/** The run's state, or null when unknown or expired. */
export async function readRun(container: MedusaContainer, id: string): Promise<ReconcileRun | null> {
  return (await cacheOf(container).get<ReconcileRun>(cacheKey(id))) ?? null
}

/** The worker's side: run it and keep the report (reconciliation is safe to run concurrently). */
export async function runRequested(container: MedusaContainer, event: ReconcileRequested): Promise<ReconcileRun> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER) as Logger
  const known = await readRun(container, event.run_id)
  const base: ReconcileRun = known ?? {
    id: event.run_id,
    status: "queued",
    input: event.input,
    requested_at: new Date().toISOString(),
  }
  if (base.status === "done") return base // a redelivered event
  const started_at = new Date().toISOString()
  await save(container, { ...base, status: "running", started_at })
  try {
    const report = await reconcile(container, event.input)
    const summary = report.changes.map((ch) => ch.kind).join(", ") || "no changes"
    logger.info(
      `acquiring: reconciliation run ${event.run_id}: ${report.payments_checked} payments, ${report.sessions_checked} open carts checked; ${summary}`,
    )
    return save(container, { ...base, status: "done", started_at, finished_at: report.finished_at, report })
  } catch (e) {
    logger.error(`acquiring: reconciliation run ${event.run_id} failed: ${(e as Error).message}`)
    return save(container, {
      ...base,
      status: "failed",
      started_at,
      finished_at: new Date().toISOString(),
      error: (e as Error).message,
    })
  }
}
