import type { PresentedPayment } from "../../api/admin/acquiring/payments/[order_id]/present"
import type { PresentedConfig } from "../../api/admin/acquiring/settings/present"
import type { ConfigDiagnosis } from "../../api/admin/acquiring/settings/diagnose"
import type { HeldPayment } from "../../lib/acquiring/review/map"
import type { ReviewOutcome } from "../../lib/acquiring/review/types"
import type { ReconcileReport } from "../../lib/acquiring/reconcile/report"
import type { AwaitingCapture, AwaitingCapturePage } from "../../lib/acquiring/queries/awaiting-capture"
import type { BulkReport } from "../../lib/acquiring/bulk/types"
import { sdk } from "./sdk"

export type {
  PresentedPayment,
  PresentedConfig,
  HeldPayment,
  ReviewOutcome,
  ReconcileReport,
  AwaitingCapture,
  BulkReport,
}

export interface OrderPayments {
  order_id: string
  gateway_error: string | null
  payments: PresentedPayment[]
  review: {
    payment_session_id: string
    order_no: string
    gateway: {
      payment_status: string | null
      transaction_id: string | null
      is3ds: boolean
      fraud_check_result: Array<{ check_items: string; status: string }>
    } | null
  } | null
  review_decision: { decision: string; decided_at: string; decided_by: string | null } | null
  /** The order's money and status disagree: without money at the gateway, or canceled with money held. */
  money_marks: { order_no: string; mark: string; detail: string | null; at: string | null }[]
}

export interface CredentialCheck {
  ok: boolean
  results: Array<{
    config_id: string
    account_id: string
    ok: boolean
    ms: number
    error?: { kind: string; code: string | null; message: string }
  }>
  /** The doctor's findings per provider config. */
  diagnoses?: ConfigDiagnosis[]
}

const BASE = "/admin/acquiring"

export const getOrderPayments = (orderId: string) =>
  sdk.client.fetch<OrderPayments>(`${BASE}/payments/${encodeURIComponent(orderId)}`)

export const syncNow = (orderIds?: string[]) =>
  sdk.client.fetch<{ report: ReconcileReport }>(`${BASE}/reconcile`, {
    method: "POST",
    body: orderIds ? { order_ids: orderIds } : {},
  })

/** Capture an authorisation kept after an order edit: recorded on the order's unpaid collection, then captured. */
export const captureKept = (orderId: string, paymentId: string) =>
  sdk.client.fetch<{ payment_id: string; captured: boolean; error?: string }>(
    `${BASE}/payments/${encodeURIComponent(orderId)}/kept/${encodeURIComponent(paymentId)}/capture`,
    { method: "POST" },
  )

export const listHeld = () => sdk.client.fetch<{ held_payments: HeldPayment[]; count: number }>(`${BASE}/review`)

export const decide = (order_id: string, decision: "accept" | "reject") =>
  sdk.client.fetch<{ results: ReviewOutcome[] }>(`${BASE}/review`, {
    method: "POST",
    body: { decisions: [{ order_id, decision }] },
  })

export const listAwaitingCapture = (limit: number, offset: number) =>
  sdk.client.fetch<AwaitingCapturePage>(`${BASE}/bulk/awaiting-capture`, { query: { limit, offset } })

export const runBulk = (operation: "capture" | "cancel", order_ids: string[]) =>
  sdk.client.fetch<BulkReport>(`${BASE}/bulk/${operation}`, { method: "POST", body: { order_ids } })

/** "2 captured (1 gateway request)" from a bulk report. */
export function summariseBulk(report: BulkReport): string {
  const n = report.gateway_requests
  return `${tally(
    report.results.map((r) => r.status),
    "nothing to do",
  )} (${n} gateway ${n === 1 ? "request" : "requests"})`
}

export const getSettings = () => sdk.client.fetch<{ providers: PresentedConfig[] }>(`${BASE}/settings`)

/** `checkout`: also the doctor's 1.00 test checkout and its cancel (test-mode configs only). */
export const testCredentials = (input: { config_id?: string; checkout?: boolean } = {}) =>
  sdk.client.fetch<CredentialCheck>(`${BASE}/settings/test-credentials`, {
    method: "POST",
    body: input,
  })

/** "3 capture, 1 refund" from a report; "no changes" when empty. */
export const summarise = (report: ReconcileReport): string =>
  tally(
    report.changes.map((c) => c.kind),
    "no changes",
  )

/** "2 captured, 1 failed": how often each value occurs, in first-seen order; `none` when empty. */
function tally(values: string[], none: string): string {
  const counts = new Map<string, number>()
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1)
  return [...counts].map(([k, n]) => `${n} ${k.replace(/_/g, " ")}`).join(", ") || none
}

/** Gateway compact timestamp (YYYYMMDDhhmmss) for display. */
export const compactDate = (v: string | null | undefined) =>
  v && /^\d{14}$/.test(v)
    ? `${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6, 8)} ${v.slice(8, 10)}:${v.slice(10, 12)}`
    : v || "—"
