import { z } from "zod"
import { DeclineCategory } from "../../../../lib/acquiring/decline"
import { OUTCOMES } from "../../../../lib/acquiring/overview/outcomes"
import { OverviewPeriod } from "../../../../lib/acquiring/overview/period"
import { Paging, When } from "../list-params"

/** A Medusa payment provider id of ours (pp_acquiring_<id> or pp_acquiring-apm_<id>). */
const ProviderId = z.string().regex(/^pp_acquiring(-apm)?_[\w-]{1,60}$/, "must be an acquiring provider id")

/** The period and provider every overview query shares. */
const Scope = {
  period: OverviewPeriod.default("7d"),
  /** Custom period: first and last day (yyyy-mm-dd, UTC), both included. */
  from: When.optional(),
  to: When.optional(),
  /** One provider (either of its ids shows both its hosted and APM orders); all when absent. */
  provider_id: ProviderId.optional(),
}

/** GET /admin/acquiring/overview */
export const AdminOverview = z.object(Scope).strict()
export type AdminOverview = z.infer<typeof AdminOverview>

/** GET /admin/acquiring/overview/payments: the gateway orders behind a tile or a bar. */
export const AdminOverviewPayments = z
  .object({
    ...Scope,
    outcome: z.enum(OUTCOMES).optional(),
    /** A decline category (mapped) or the gateway's code; only with outcome declined. */
    category: DeclineCategory.optional(),
    decline_code: z
      .string()
      .regex(/^[A-Z]?\d{4}$|^$/, "must be a gateway result code like E0002")
      .optional(),
    /** card or apm:<method>, as the overview names them. */
    method: z
      .string()
      .regex(/^(card|apm:[\w-]{1,40})$/, "must be card or apm:<method>")
      .optional(),
    /** captured, refunded, voided, disputed, settled_orphans: the tile's rows. */
    tile: z.enum(["captured", "refunded", "voided", "disputed", "settled_orphans"]).optional(),
    ...Paging,
  })
  .strict()
export type AdminOverviewPayments = z.infer<typeof AdminOverviewPayments>
