import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { booksOf } from "../../../../workflows/acquiring/books"
import { presentUnmatched, UNMATCHED_FIELDS } from "./present"
import { UNMATCHED_STATES, type AdminListUnmatched } from "./validators"

/**
 * GET /admin/acquiring/unmatched?state=&limit=&offset=: gateway orders paid or authorised with no
 * Medusa order (settled: voided or refunded; unmatched: recorded for the admin), newest first.
 */
export const GET = async (req: AuthenticatedMedusaRequest<unknown, AdminListUnmatched>, res: MedusaResponse) => {
  const q = req.validatedQuery
  const [rows, count] = await booksOf(req.scope).listAndCountGatewayOrders(
    { state: q.state ? [q.state] : [...UNMATCHED_STATES] },
    { select: UNMATCHED_FIELDS, skip: q.offset, take: q.limit, order: { created_at: "DESC", id: "DESC" } },
  )
  res.json({ unmatched: rows.map(presentUnmatched), count, limit: q.limit, offset: q.offset })
}
