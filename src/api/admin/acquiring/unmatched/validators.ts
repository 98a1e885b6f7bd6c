import { z } from "zod"
import { Paging } from "../list-params"

/** The states of a gateway order that belongs to no Medusa order and needed (or needs) the admin's eye. */
export const UNMATCHED_STATES = ["settled", "unmatched"] as const

/**
 * GET /admin/acquiring/unmatched: `list=orphans` (default), gateway orders with no Medusa order, one
 * state or both; `list=orders`, orders whose money and status disagree (without money, or canceled
 * with money held and left to the admin). Paged.
 */
export const AdminListUnmatched = z
  .object({
    list: z.enum(["orphans", "orders"]).default("orphans"),
    state: z.enum(UNMATCHED_STATES).optional(),
    ...Paging,
  })
  .strict()
export type AdminListUnmatched = z.infer<typeof AdminListUnmatched>
