import { z } from "zod"
import type { ReconcileChange } from "./change"

/** What a run covers: every provider config unless named, every open payment and cart unless orders are named. */
export const ReconcileInput = z
  .object({
    config_ids: z.array(z.string().min(1)).min(1).optional(),
    /** Only the payments of these orders (the widget's "sync now"); carts are then not scanned. */
    order_ids: z.array(z.string().min(1)).min(1).optional(),
  })
  .strict()
export type ReconcileInput = z.infer<typeof ReconcileInput>

/** One provider config's run, and the start of its look-back window (fixed for the whole run). */
export interface ReconcileTarget {
  config_id: string
  since: string
  order_ids?: string[]
}

/** What one provider config's run found and changed. */
export interface ConfigReport {
  config_id: string
  payments_checked: number
  sessions_checked: number
  changes: ReconcileChange[]
}

export interface ReconcileReport {
  started_at: string
  finished_at: string
  payments_checked: number
  sessions_checked: number
  changes: ReconcileChange[]
}

/** The configs' reports in run order, as one. */
export function mergeReports(started_at: string, parts: ConfigReport[], finished_at: string): ReconcileReport {
  return {
    started_at,
    finished_at,
    payments_checked: parts.reduce((n, p) => n + p.payments_checked, 0),
    sessions_checked: parts.reduce((n, p) => n + p.sessions_checked, 0),
    changes: parts.flatMap((p) => p.changes),
  }
}

/** What a step of a config's run reports: its lines, and what it checked. */
export interface StepPart {
  changes: ReconcileChange[]
  payments_checked?: number
  sessions_checked?: number
}

/** One config's report from its steps' parts, in step order. */
export function configReportOf(config_id: string, parts: StepPart[]): ConfigReport {
  return {
    config_id,
    payments_checked: parts.reduce((n, p) => n + (p.payments_checked ?? 0), 0),
    sessions_checked: parts.reduce((n, p) => n + (p.sessions_checked ?? 0), 0),
    changes: parts.flatMap((p) => p.changes),
  }
}

const isPart = (o: unknown): o is StepPart => !!o && Array.isArray((o as StepPart).changes)
/** A child workflow's report lines; another child's result (kept authorisations settled) is no line. */
const isChanges = (o: unknown): o is ReconcileChange[] =>
  Array.isArray(o) && o.every((c) => typeof (c as Partial<ReconcileChange> | null)?.kind === "string")

/**
 * A config whose run threw: what its finished steps reported stays (read from the engine's step
 * outputs, in the order they ran), and one error line names the config.
 */
export function failedReport(config_id: string, message: string, outputs: unknown[] = []): ConfigReport {
  const parts = outputs.flatMap((o) => (isPart(o) ? [o] : isChanges(o) ? [{ changes: o }] : []))
  const report = configReportOf(config_id, parts)
  report.changes.push({ kind: "error", order_no: "", detail: `${config_id}: ${message}` })
  return report
}
