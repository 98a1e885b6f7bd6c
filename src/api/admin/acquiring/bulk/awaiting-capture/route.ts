import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { listAwaitingCapture } from "../../../../../lib/acquiring/queries/awaiting-capture"
import type { AdminAwaitingCaptureParams } from "../validators"

export async function GET(req: AuthenticatedMedusaRequest<unknown, AdminAwaitingCaptureParams>, res: MedusaResponse) {
  const { limit, offset } = req.validatedQuery
  res.json(await listAwaitingCapture(req.scope, { limit, offset }))
}
