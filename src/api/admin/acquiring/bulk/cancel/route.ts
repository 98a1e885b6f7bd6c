import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { runBulk } from "../../../../../workflows/acquiring/bulk"
import { parseBody } from "../parse-body"
import { BulkOrdersBody } from "../schemas"

/** Void the uncaptured acquiring payments of many orders (gateway requests of ≤ 50), a result per order. */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const { order_ids } = parseBody(BulkOrdersBody, req)
  res.json(await runBulk(req.scope, "cancel", order_ids.map((order_id) => ({ order_id }))))
}
