import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ORDER_MARK_VALUES } from "../../../../lib/acquiring/order-money"
import { ordersOfCollections } from "../../../../lib/acquiring/queries/order-links"
import { acquiringOf } from "../../../../modules/acquiring"
import { presentUnmatched, UNMATCHED_FIELDS } from "./present"
import { UNMATCHED_STATES, type AdminListUnmatched } from "./validators"

/** `orphans`: paid gateway orders with no Medusa order; `orders`: orders whose money and status disagree. */
export const GET = async (req: AuthenticatedMedusaRequest<unknown, AdminListUnmatched>, res: MedusaResponse) => {
  const q = req.validatedQuery
  const filters =
    q.list === "orders"
      ? { settlement: [...ORDER_MARK_VALUES] }
      : { state: q.state ? [q.state] : [...UNMATCHED_STATES] }
  const [rows, count] = await acquiringOf(req.scope).listAndCountGatewayOrders(filters, {
    select: UNMATCHED_FIELDS,
    skip: q.offset,
    take: q.limit,
    order: { created_at: "DESC", id: "DESC" },
  })
  const orders =
    q.list === "orders"
      ? await ordersOfCollections(
          req.scope,
          rows.flatMap((r) => r.payment_collection_id ?? []),
        )
      : new Map<string, string>()
  res.json({
    unmatched: rows.map((r) => presentUnmatched(r, orders.get(r.payment_collection_id ?? ""))),
    count,
    limit: q.limit,
    offset: q.offset,
  })
}
