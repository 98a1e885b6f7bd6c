import { z } from "zod"
import { Paging } from "../list-params"

/** The states of a gateway order that belongs to no Medusa order and needed (or needs) the admin's eye. */
export const UNMATCHED_STATES = ["settled", "unmatched"] as const

/** GET /admin/acquiring/unmatched: one state or both, paged. */
export const AdminListUnmatched = z
  .object({
    state: z.enum(UNMATCHED_STATES).optional(),
    ...Paging,
  })
  .strict()
export type AdminListUnmatched = z.infer<typeof AdminListUnmatched>
