import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { runBulk } from "../../../../../workflows/acquiring/bulk"
import type { AdminBulkRefund } from "../validators"

/** Refund many orders (all that is left, or an amount each), gateway requests of ≤ 50, a result per order. */
export async function POST(req: AuthenticatedMedusaRequest<AdminBulkRefund>, res: MedusaResponse) {
  const { orders, reason, idempotency_key } = req.validatedBody
  res.json(await runBulk(req.scope, "refund", orders, { reason, idempotency_key }))
}
