import { z } from "zod"

/** Kept after an order edit canceled its collection: voided once the replacement is paid, or adopted on capture. */
export const KeptAuthorisation = z.object({
  since: z.string(),
  /** When the gateway's capture window closes (authorised + capture_window_days; inferred). */
  capture_by: z.string(),
  released_at: z.string().optional(),
  outcome: z.enum(["voided_replacement_paid", "voided_order_canceled", "adopted"]).optional(),
  adopted_by_session: z.string().optional(),
})
export type KeptAuthorisation = z.infer<typeof KeptAuthorisation>
export type KeptOutcome = NonNullable<KeptAuthorisation["outcome"]>

const DAY_MS = 86_400_000

/** Any payment data carrying the mark; the payment data's schema imports this one. */
type Marked = { kept_authorisation?: KeptAuthorisation | null }

export function keepAuthorisation<D extends Marked>(d: D, authorisedAt: Date, now: Date, windowDays: number): D {
  const capture_by = new Date(authorisedAt.getTime() + windowDays * DAY_MS).toISOString()
  return { ...d, kept_authorisation: { since: now.toISOString(), capture_by } }
}

export const isKept = <D extends Marked>(d: D | null | undefined): d is D & { kept_authorisation: KeptAuthorisation } =>
  !!d?.kept_authorisation && !d.kept_authorisation.released_at

export function releasedData<D extends Marked>(data: D, outcome: KeptOutcome, now: Date, adoptedBySession?: string): D {
  const kept = data.kept_authorisation!
  return {
    ...data,
    kept_authorisation: {
      ...kept,
      released_at: now.toISOString(),
      outcome,
      ...(adoptedBySession && { adopted_by_session: adoptedBySession }),
    },
  }
}

/** What the order widget shows: the deadline, and whether it is near (a day before) or past. */
export function keptDeadline(
  k: Pick<KeptAuthorisation, "capture_by">,
  now: Date,
): { capture_by: string; expiring: boolean; expired: boolean } {
  const left = Date.parse(k.capture_by) - now.getTime()
  return { capture_by: k.capture_by, expiring: left <= DAY_MS, expired: left <= 0 }
}
