import { randomUUID } from "node:crypto"
import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { ReconcileRun } from "../../../../lib/acquiring/reconcile/runs"
import { reconcileRunWorkflow } from "../../../../workflows/acquiring/reconcile/background"
import { reconcileWorkflow } from "../../../../workflows/acquiring/reconcile/workflow"
import type { AdminReconcile } from "./validators"

export async function POST(req: AuthenticatedMedusaRequest<AdminReconcile>, res: MedusaResponse) {
  const { background, ...input } = req.validatedBody
  if (!background) {
    const { result: report } = await reconcileWorkflow(req.scope).run({ input })
    res.json({ report })
    return
  }
  // The run's handle is the engine's transaction id; the run answers at once, queued.
  const id = `acqrun_${randomUUID()}`
  const requested_at = new Date().toISOString()
  await reconcileRunWorkflow(req.scope).run({ input, context: { transactionId: id } })
  const run: ReconcileRun = { id, status: "queued", input, requested_at }
  res.status(202).json({ run })
}
