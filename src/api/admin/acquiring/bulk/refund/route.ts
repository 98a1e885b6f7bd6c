import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { bulkRefundWorkflow } from "../../../../../workflows/acquiring/bulk/workflows"
import type { AdminBulkRefund } from "../validators"

/** Refund many orders (all that is left, or an amount each), gateway requests of ≤ 50, a result per order. */
export async function POST(req: AuthenticatedMedusaRequest<AdminBulkRefund>, res: MedusaResponse) {
  const { orders, reason, idempotency_key } = req.validatedBody
  const { result } = await bulkRefundWorkflow(req.scope).run({ input: { items: orders, reason, idempotency_key } })
  res.json(result)
}
