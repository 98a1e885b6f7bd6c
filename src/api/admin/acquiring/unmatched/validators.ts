import { z } from "zod"
import { Paging } from "../list-params"

export const UNMATCHED_STATES = ["settled", "unmatched"] as const

export const AdminListUnmatched = z
  .object({
    list: z.enum(["orphans", "orders"]).default("orphans"),
    state: z.enum(UNMATCHED_STATES).optional(),
    ...Paging,
  })
  .strict()
export type AdminListUnmatched = z.infer<typeof AdminListUnmatched>
