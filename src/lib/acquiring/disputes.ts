import { z } from "zod"
import { Amount } from "../../gateway/schemas/common"
import { normaliseAmount } from "./gateway-state"

/** Dispute fields are undocumented and unqueryable: overridable names, recorded once signature and order check out. */
export const DISPUTE_STATUSES = ["opened", "under_review", "won", "lost", "closed"] as const
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number]

export const FINAL_DISPUTE_STATUSES: ReadonlySet<DisputeStatus> = new Set<DisputeStatus>(["won", "lost", "closed"])

const FieldName = z.string().regex(/^[A-Za-z_][\w.-]{0,63}$/, "a notification field name")

export const DisputeFieldNames = z.object({
  id: FieldName.default("dispute_id"),
  status: FieldName.default("dispute_status"),
  reason: FieldName.default("dispute_reason"),
  amount: FieldName.default("dispute_amount"),
  deadline: FieldName.default("dispute_deadline"),
  date: FieldName.default("dispute_date"),
})
export type DisputeFieldNames = z.infer<typeof DisputeFieldNames>

/** The `dispute_fields` and `dispute_status_map` options; status texts are compared case-insensitively. */
export const DisputeReading = z.object({
  dispute_fields: DisputeFieldNames.prefault({}),
  dispute_status_map: z.record(z.string().min(1), z.enum(DISPUTE_STATUSES)).default({}),
})
export type DisputeReading = z.infer<typeof DisputeReading>

export function disputeReadingOf(options: unknown): DisputeReading {
  const o = options && typeof options === "object" ? (options as Record<string, unknown>) : {}
  const r = DisputeReading.safeParse({ dispute_fields: o.dispute_fields, dispute_status_map: o.dispute_status_map })
  return r.success ? r.data : DisputeReading.parse({})
}

/** One report as notified; with no dispute query, the latest by the gateway's own date is the status. */
export const DisputeReport = z.object({
  /** null: a status text the reading does not know (kept, never current). */
  status: z.enum(DISPUTE_STATUSES).nullable(),
  gateway_status: z.string(),
  /** When the gateway says it happened (dispute_date), else when we received it. */
  at: z.string(),
  received_at: z.string(),
  /** Its signature was an earlier notification's of another kind (the order's payment): it may be that one re-posted. */
  unconfirmed: z.boolean().optional(),
})
export type DisputeReport = z.infer<typeof DisputeReport>

export const TrackedDispute = z.object({
  id: z.string().min(1),
  status: z.enum(DISPUTE_STATUSES),
  gateway_status: z.string(),
  reason: z.string().nullable(),
  amount: Amount.nullable(),
  /** Last day to answer: YYYY-MM-DD or ISO 8601 when the gateway's value could be read, else its text. */
  deadline: z.string().nullable(),
  opened_at: z.string(),
  closed_at: z.string().nullable(),
  history: z.array(DisputeReport).default([]),
})
export type TrackedDispute = z.infer<typeof TrackedDispute>

/** 0.1.0's payment.data.disputes (read once, by the books' migration script); an entry that is not ours is left out. */
export function parseDisputes(value: unknown): TrackedDispute[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((v) => {
    const r = TrackedDispute.safeParse(v)
    return r.success ? [r.data] : []
  })
}

export interface DisputeNotice {
  id: string
  /** null: no status, or a text the reading does not know (then the previous status stays). */
  status: DisputeStatus | null
  gateway_status: string
  reason: string | null
  amount: string | null
  deadline: string | null
  at: string
  /** `at` is the gateway's own date (dispute_date): only then can it reorder what we know. */
  dated: boolean
  problems: string[]
  /** Its signature was first seen on the order's payment notification: recorded, announced by no event. */
  unconfirmed?: boolean
}

function text(body: Record<string, unknown>, name: string, max: number): string | null {
  if (!Object.hasOwn(body, name)) return null
  const v = body[name]
  if (typeof v !== "string" && typeof v !== "number") return null
  const t = String(v)
    .replace(/[\x00-\x1f\x7f]/g, " ")
    .trim()
    .slice(0, max)
  return t || null
}

const compactToIso = (v: string) =>
  `${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6, 8)}T${v.slice(8, 10)}:${v.slice(10, 12)}:${v.slice(12, 14)}Z`

function readDate(v: string): string {
  if (/^\d{14}$/.test(v) && !Number.isNaN(Date.parse(compactToIso(v)))) return compactToIso(v)
  if (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v))) return v
  if (/^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v))) return new Date(v).toISOString()
  return v
}

function mapStatus(raw: string, map: Record<string, DisputeStatus>): DisputeStatus | null {
  const key = raw.toLowerCase()
  for (const [k, v] of Object.entries(map)) if (k.toLowerCase() === key) return v
  return (DISPUTE_STATUSES as readonly string[]).includes(key) ? (key as DisputeStatus) : null
}

/** Without a dispute id the transaction names it: one dispute per transaction, as card schemes count. */
export function readDisputeNotice(
  body: Record<string, unknown>,
  reading: DisputeReading,
  fallbackId: string,
  now: Date,
): DisputeNotice {
  const f = reading.dispute_fields
  const problems: string[] = []
  const gateway_status = text(body, f.status, 100) ?? ""
  const status = gateway_status ? mapStatus(gateway_status, reading.dispute_status_map) : null
  if (gateway_status && !status)
    problems.push(`unknown dispute status "${gateway_status}" (map it with dispute_status_map)`)
  const rawAmount = text(body, f.amount, 20)
  const amount = rawAmount ? normaliseAmount(rawAmount) : null
  if (rawAmount && !amount) problems.push(`${f.amount} is not an amount`)
  const date = text(body, f.date, 40) ?? ""
  const dated = /^\d{14}$/.test(date) && !Number.isNaN(Date.parse(compactToIso(date)))
  const deadline = text(body, f.deadline, 40)
  return {
    id: text(body, f.id, 100) ?? fallbackId,
    status,
    gateway_status,
    reason: text(body, f.reason, 500),
    amount,
    deadline: deadline ? readDate(deadline) : null,
    at: dated ? compactToIso(date) : now.toISOString(),
    dated,
    problems,
  }
}

export interface DisputeChange {
  disputes: TrackedDispute[]
  dispute: TrackedDispute
  /** First seen, or reopened (its current status left a final one): `acquiring.dispute.opened` is due. */
  opened: boolean
  closed: boolean
  changed: boolean
}

const isFinal = (s: DisputeStatus) => FINAL_DISPUTE_STATUSES.has(s)
const time = (iso: string) => {
  const t = Date.parse(iso)
  return Number.isNaN(t) ? 0 : t
}

function reportsOf(d: TrackedDispute): DisputeReport[] {
  if (d.history.length) return d.history
  const at = d.closed_at ?? d.opened_at
  return [{ status: d.status, gateway_status: d.gateway_status, at, received_at: at }]
}

function fold(reports: DisputeReport[]) {
  const byDate = reports.map((r, i) => ({ r, i })).sort((a, b) => time(a.r.at) - time(b.r.at) || a.i - b.i)
  let status: DisputeStatus = "opened"
  let gateway_status = ""
  let closed_at: string | null = null
  for (const { r } of byDate) {
    if (!r.status) continue
    status = r.status
    gateway_status = r.gateway_status
    if (!isFinal(status)) closed_at = null
    else closed_at ??= r.at
  }
  return { status, gateway_status, closed_at, opened_at: byDate[0].r.at }
}

/**
 * Pure: a repeated notice changes nothing, so no event fires twice. The latest report by the gateway's
 * date decides: a late older report changes nothing, a genuine `opened` after a final one reopens it.
 */
export function mergeDispute(known: TrackedDispute[], n: DisputeNotice, receivedAt = new Date()): DisputeChange {
  const prev = known.find((d) => d.id === n.id)
  const before = prev ? reportsOf(prev) : []
  const report: DisputeReport = {
    status: n.status,
    gateway_status: n.gateway_status,
    at: n.at,
    received_at: receivedAt.toISOString(),
    ...(n.unconfirmed ? { unconfirmed: true } : {}),
  }
  const seen = before.some(
    (r) =>
      r.status === report.status &&
      r.gateway_status === report.gateway_status &&
      time(r.at) === time(report.at) &&
      !r.unconfirmed === !report.unconfirmed,
  )
  // Events follow confirmed reports only: the first confirmed one opens the dispute for listeners.
  const confirmedBefore = before.some((r) => !r.unconfirmed)
  // Without the gateway's date a report cannot be placed: a repeat of the current status, or an
  // open one after a final one (a late delivery, most likely), changes nothing.
  const undatedRepeat =
    prev &&
    !n.dated &&
    (n.unconfirmed || confirmedBefore) &&
    (n.status === prev.status || (isFinal(prev.status) && (!n.status || !isFinal(n.status))))
  if (prev && (seen || undatedRepeat))
    return { disputes: known, dispute: prev, opened: false, closed: false, changed: false }
  const history = [...before, report]
  const now = fold(history)
  const next: TrackedDispute = {
    id: n.id,
    status: now.status,
    gateway_status: now.gateway_status || n.gateway_status,
    reason: n.reason ?? prev?.reason ?? null,
    amount: n.amount ?? prev?.amount ?? null,
    deadline: n.deadline ?? prev?.deadline ?? null,
    opened_at: prev ? (time(prev.opened_at) <= time(now.opened_at) ? prev.opened_at : now.opened_at) : now.opened_at,
    closed_at: now.closed_at,
    history,
  }
  const wasFinal = prev ? isFinal(prev.status) : false
  return {
    disputes: prev ? known.map((d) => (d === prev ? next : d)) : [...known, next],
    dispute: next,
    opened: !n.unconfirmed && (!confirmedBefore || (wasFinal && !isFinal(next.status))),
    closed: !n.unconfirmed && isFinal(next.status) && (!confirmedBefore || !wasFinal),
    changed: true,
  }
}
