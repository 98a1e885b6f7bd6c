import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { bulkCancelWorkflow } from "../../../../../workflows/acquiring/bulk/workflows"
import type { AdminBulkOrders } from "../validators"

export async function POST(req: AuthenticatedMedusaRequest<AdminBulkOrders>, res: MedusaResponse) {
  const { order_ids } = req.validatedBody
  const { result } = await bulkCancelWorkflow(req.scope).run({
    input: { items: order_ids.map((order_id) => ({ order_id })) },
  })
  res.json(result)
}
