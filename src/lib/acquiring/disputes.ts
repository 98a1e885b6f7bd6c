import { z } from "zod"
import { Amount } from "../../gateway/schemas/common"
import { normaliseAmount } from "./gateway-state"

/**
 * Disputes (chargebacks) the gateway notifies ("dispute received and result", gateway-interface.md §6.3). The field
 * list of such a notification is unknown [U] and there is no dispute query endpoint: the names
 * below are our snake_case defaults, each overridable, and what a notification says is recorded
 * in payment.data.disputes only after its signature and its order (retrievalTrans) are confirmed.
 */
export const DISPUTE_STATUSES = ["opened", "under_review", "won", "lost", "closed"] as const
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number]

/** A dispute in one of these is over (the `acquiring.dispute.closed` event). */
export const FINAL_DISPUTE_STATUSES: ReadonlySet<DisputeStatus> = new Set<DisputeStatus>(["won", "lost", "closed"])

const FieldName = z.string().regex(/^[A-Za-z_][\w.-]{0,63}$/, "a notification field name")

/** Names of the dispute fields in a notification body. */
export const DisputeFieldNames = z.object({
  id: FieldName.default("dispute_id"),
  status: FieldName.default("dispute_status"),
  reason: FieldName.default("dispute_reason"),
  amount: FieldName.default("dispute_amount"),
  deadline: FieldName.default("dispute_deadline"),
  date: FieldName.default("dispute_date"),
})
export type DisputeFieldNames = z.infer<typeof DisputeFieldNames>

/**
 * How dispute notifications are read: field names, and the gateway's status texts mapped onto
 * ours (keys compared case-insensitively; our own status names are understood without a map).
 * The shape of the provider options `dispute_fields` and `dispute_status_map`.
 */
export const DisputeReading = z.object({
  dispute_fields: DisputeFieldNames.prefault({}),
  dispute_status_map: z.record(z.string().min(1), z.enum(DISPUTE_STATUSES)).default({}),
})
export type DisputeReading = z.infer<typeof DisputeReading>

/** The reading of a provider's options; the defaults where the options do not (yet) carry one. */
export function disputeReadingOf(options: unknown): DisputeReading {
  const o = options && typeof options === "object" ? (options as Record<string, unknown>) : {}
  const r = DisputeReading.safeParse({ dispute_fields: o.dispute_fields, dispute_status_map: o.dispute_status_map })
  return r.success ? r.data : DisputeReading.parse({})
}

/** One dispute as kept in payment.data.disputes. */
export const TrackedDispute = z.object({
  id: z.string().min(1),
  status: z.enum(DISPUTE_STATUSES),
  /** The gateway's status text as sent (an unmapped one is only kept here). */
  gateway_status: z.string(),
  reason: z.string().nullable(),
  amount: Amount.nullable(),
  /** Last day to answer: YYYY-MM-DD or ISO 8601 when the gateway's value could be read, else its text. */
  deadline: z.string().nullable(),
  opened_at: z.string(),
  closed_at: z.string().nullable(),
})
export type TrackedDispute = z.infer<typeof TrackedDispute>

/** payment.data.disputes; an entry that is not ours is left out. */
export function parseDisputes(value: unknown): TrackedDispute[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((v) => {
    const r = TrackedDispute.safeParse(v)
    return r.success ? [r.data] : []
  })
}

/** What one verified dispute notification says. */
export interface DisputeNotice {
  id: string
  /** null: no status, or a text the reading does not know (then the previous status stays). */
  status: DisputeStatus | null
  gateway_status: string
  reason: string | null
  amount: string | null
  deadline: string | null
  /** When this status was reached (the notification's date, else when we received it). */
  at: string
  /** What could not be read (logged by the caller; the rest is still recorded). */
  problems: string[]
}

/** A printable, bounded text of an own field of the body; null when absent or empty. */
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

/** A date as the admin can read it; the gateway's text when it is none of the known forms. */
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

/**
 * Read a dispute notification. Without a dispute id, `fallbackId` (the transaction) names it:
 * one dispute per transaction, which is how card schemes count chargebacks.
 */
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
  const date = text(body, f.date, 40)
  const deadline = text(body, f.deadline, 40)
  return {
    id: text(body, f.id, 100) ?? fallbackId,
    status,
    gateway_status,
    reason: text(body, f.reason, 500),
    amount,
    deadline: deadline ? readDate(deadline) : null,
    at:
      date && /^\d{14}$/.test(date) && !Number.isNaN(Date.parse(compactToIso(date)))
        ? compactToIso(date)
        : now.toISOString(),
    problems,
  }
}

export interface DisputeChange {
  disputes: TrackedDispute[]
  dispute: TrackedDispute
  /** First time this dispute is seen: `acquiring.dispute.opened` is due. */
  opened: boolean
  /** First time it is final: `acquiring.dispute.closed` is due. */
  closed: boolean
  changed: boolean
}

/**
 * The disputes after one notice. Pure, so a repeated notice changes nothing and no event is
 * due twice; a final status is never replaced by an open one (a late or out-of-order delivery).
 */
export function mergeDispute(known: TrackedDispute[], n: DisputeNotice): DisputeChange {
  const prev = known.find((d) => d.id === n.id)
  const status = n.status ?? prev?.status ?? "opened"
  if (prev && FINAL_DISPUTE_STATUSES.has(prev.status) && !FINAL_DISPUTE_STATUSES.has(status)) {
    return { disputes: known, dispute: prev, opened: false, closed: false, changed: false }
  }
  const final = FINAL_DISPUTE_STATUSES.has(status)
  const next: TrackedDispute = {
    id: n.id,
    status,
    gateway_status: n.gateway_status || prev?.gateway_status || "",
    reason: n.reason ?? prev?.reason ?? null,
    amount: n.amount ?? prev?.amount ?? null,
    deadline: n.deadline ?? prev?.deadline ?? null,
    opened_at: prev?.opened_at ?? n.at,
    closed_at: prev?.closed_at ?? (final ? n.at : null),
  }
  const changed = !prev || JSON.stringify(prev) !== JSON.stringify(next)
  return {
    disputes: prev ? known.map((d) => (d === prev ? next : d)) : [...known, next],
    dispute: next,
    opened: !prev,
    closed: !prev?.closed_at && next.closed_at !== null,
    changed,
  }
}
