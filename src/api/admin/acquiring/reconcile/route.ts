import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { reconcile } from "../../../../workflows/acquiring/reconcile"
import { requestReconcile } from "../../../../workflows/acquiring/reconcile/background"
import type { AdminReconcile } from "./validators"

export async function POST(req: AuthenticatedMedusaRequest<AdminReconcile>, res: MedusaResponse) {
  const { background, ...input } = req.validatedBody
  if (background) {
    res.status(202).json({ run: await requestReconcile(req.scope, input) })
    return
  }
  res.json({ report: await reconcile(req.scope, input) })
}
