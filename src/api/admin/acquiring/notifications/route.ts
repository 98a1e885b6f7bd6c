import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { acquiringOf } from "../../../../modules/acquiring"
import { createdBetween } from "../list-params"
import { LISTED_FIELDS, presentListed } from "./present"
import type { AdminListNotifications } from "./validators"

/** % and _ are literal in an order number. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** Both hooks' deliveries, newest first, without their fields. */
export const GET = async (req: AuthenticatedMedusaRequest<unknown, AdminListNotifications>, res: MedusaResponse) => {
  const q = req.validatedQuery
  const filters: Record<string, unknown> = createdBetween(q)
  if (q.order_no) filters.order_no = { $ilike: containing(q.order_no) }
  if (q.notify_type) filters.notify_type = q.notify_type
  if (q.verdict) filters.verdict = q.verdict
  if (q.hook) filters.hook = q.hook
  const [rows, count] = await acquiringOf(req.scope).listAndCountNotifications(filters, {
    select: [...LISTED_FIELDS],
    skip: q.offset,
    take: q.limit,
    order: { created_at: "DESC", id: "DESC" },
  })
  res.json({ notifications: rows.map(presentListed), count, limit: q.limit, offset: q.offset })
}
