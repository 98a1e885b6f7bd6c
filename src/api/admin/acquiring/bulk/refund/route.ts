import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { bulkRefundWorkflow } from "../../../../../workflows/acquiring/bulk/workflows"
import type { AdminBulkRefund } from "../validators"

export async function POST(req: AuthenticatedMedusaRequest<AdminBulkRefund>, res: MedusaResponse) {
  const { orders, reason, idempotency_key } = req.validatedBody
  const { result } = await bulkRefundWorkflow(req.scope).run({ input: { items: orders, reason, idempotency_key } })
  res.json(result)
}
