import { z } from "zod"

/** An ISO 8601 date or timestamp in a query string, as a Date. */
export const When = z.preprocess(
  (v) => (typeof v === "string" ? new Date(v) : v),
  z.date({ error: "must be an ISO 8601 date or timestamp" }).refine((d) => !Number.isNaN(d.getTime()), {
    message: "must be an ISO 8601 date or timestamp",
  }),
)

/** Search text of at most `max` characters: no control characters (PostgreSQL refuses NUL in a query). */
export const SearchText = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[^\u0000-\u001f\u007f]*$/, "must not contain control characters")

/** A whole number in a query string, within bounds, with a default. */
export const Int = (min: number, max: number, dflt: number) =>
  z.preprocess(
    (v) => (typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v),
    z.number({ error: "must be a whole number" }).int().min(min).max(max).default(dflt),
  )

/** limit/offset of the admin lists (Medusa's own names). */
export const Paging = { limit: Int(1, 100, 20), offset: Int(0, 1_000_000, 0) }

/** created_after / created_before as a filter on created_at (nothing when neither is given). */
export function createdBetween(q: { created_after?: Date; created_before?: Date }): Record<string, unknown> {
  if (!q.created_after && !q.created_before) return {}
  return {
    created_at: {
      ...(q.created_after ? { $gte: q.created_after } : {}),
      ...(q.created_before ? { $lte: q.created_before } : {}),
    },
  }
}
