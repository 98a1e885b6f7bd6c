import { z } from "zod"

export const When = z.preprocess(
  (v) => (typeof v === "string" ? new Date(v) : v),
  z.date({ error: "must be an ISO 8601 date or timestamp" }).refine((d) => !Number.isNaN(d.getTime()), {
    message: "must be an ISO 8601 date or timestamp",
  }),
)

/** No control characters: PostgreSQL refuses NUL in a query. */
export const SearchText = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[^\u0000-\u001f\u007f]*$/, "must not contain control characters")

export const Int = (min: number, max: number, dflt: number) =>
  z.preprocess(
    (v) => (typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v),
    z.number({ error: "must be a whole number" }).int().min(min).max(max).default(dflt),
  )

export const Paging = { limit: Int(1, 100, 20), offset: Int(0, 1_000_000, 0) }

export function createdBetween(q: { created_after?: Date; created_before?: Date }): Record<string, unknown> {
  if (!q.created_after && !q.created_before) return {}
  return {
    created_at: {
      ...(q.created_after ? { $gte: q.created_after } : {}),
      ...(q.created_before ? { $lte: q.created_before } : {}),
    },
  }
}
