import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { listHeldPayments } from "../../../../lib/acquiring/queries/held-payments"
import { reviewDecisionsWorkflow } from "../../../../workflows/acquiring/review/decide"
import type { AdminReviewDecisions } from "./validators"

export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const held = await listHeldPayments(req.scope)
  res.json({ held_payments: held, count: held.length })
}

/** Medusa follows each decision per order, recording who decided. */
export async function POST(req: AuthenticatedMedusaRequest<AdminReviewDecisions>, res: MedusaResponse) {
  const { decisions } = req.validatedBody
  const { result } = await reviewDecisionsWorkflow(req.scope).run({
    input: { decisions, actor: req.auth_context?.actor_id },
  })
  res.json({ results: result })
}
