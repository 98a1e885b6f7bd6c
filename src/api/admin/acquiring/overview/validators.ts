import { z } from "zod"
import { DeclineCategory } from "../../../../lib/acquiring/decline"
import { OUTCOMES } from "../../../../lib/acquiring/overview/outcomes"
import { OverviewPeriod } from "../../../../lib/acquiring/overview/period"
import { Paging, When } from "../list-params"

export const ProviderId = z.string().regex(/^pp_acquiring(-apm)?_[\w-]{1,60}$/, "must be an acquiring provider id")

const Scope = {
  period: OverviewPeriod.default("7d"),
  /** Custom period, UTC days, both included. */
  from: When.optional(),
  to: When.optional(),
  /** Either of a provider's ids shows both its hosted and APM orders. */
  provider_id: ProviderId.optional(),
}

export const AdminOverview = z.object(Scope).strict()
export type AdminOverview = z.infer<typeof AdminOverview>

/** The gateway orders behind a tile or a bar. */
export const AdminOverviewPayments = z
  .object({
    ...Scope,
    outcome: z.enum(OUTCOMES).optional(),
    /** Only with outcome declined. */
    category: DeclineCategory.optional(),
    decline_code: z
      .string()
      .regex(/^[A-Z]?\d{4}$|^$/, "must be a gateway result code like E0002")
      .optional(),
    method: z
      .string()
      .regex(/^(card|apm:[\w-]{1,40})$/, "must be card or apm:<method>")
      .optional(),
    tile: z.enum(["captured", "refunded", "voided", "disputed", "settled_orphans"]).optional(),
    ...Paging,
  })
  .strict()
export type AdminOverviewPayments = z.infer<typeof AdminOverviewPayments>
