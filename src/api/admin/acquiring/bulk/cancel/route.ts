import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { runBulk } from "../../../../../workflows/acquiring/bulk"
import type { AdminBulkOrders } from "../validators"

/** Void the uncaptured acquiring payments of many orders (gateway requests of ≤ 50), a result per order. */
export async function POST(req: AuthenticatedMedusaRequest<AdminBulkOrders>, res: MedusaResponse) {
  const { order_ids } = req.validatedBody
  res.json(
    await runBulk(
      req.scope,
      "cancel",
      order_ids.map((order_id) => ({ order_id })),
    ),
  )
}
