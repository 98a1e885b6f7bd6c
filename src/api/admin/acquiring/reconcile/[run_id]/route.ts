import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { readRun } from "../../../../../lib/acquiring/queries/reconcile-runs"

export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const run = await readRun(req.scope, req.params.run_id)
  if (!run)
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `run_id: no reconciliation run ${req.params.run_id} (unknown, or older than a day)`,
    )
  res.json({ run })
}
