import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { runBulk } from "../../../../../workflows/acquiring/bulk"
import { parseBody } from "../parse-body"
import { BulkRefundBody } from "../schemas"

/** Refund many orders (all that is left, or an amount each), gateway requests of ≤ 50, a result per order. */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const body = parseBody(BulkRefundBody, req)
  res.json(await runBulk(req.scope, "refund", body.orders, { reason: body.reason, idempotency_key: body.idempotency_key }))
}
