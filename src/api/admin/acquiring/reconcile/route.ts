import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { z } from "zod"
import { reconcile } from "../../../../workflows/acquiring/reconcile"
import { requestReconcile } from "../../../../workflows/acquiring/reconcile/background"
import { parseBody } from "../bulk/parse-body"

const SyncBody = z
  .object({
    /** Only these orders (the order widget); default every open payment and open cart. */
    order_ids: z.array(z.string().regex(/^order_[0-9A-Za-z]+$/, "must be a Medusa order id (order_…)")).min(1).max(1000).optional(),
    /** Only these provider configs (their medusa-config ids). */
    config_ids: z.array(z.string().min(1)).min(1).optional(),
    /** Queue the run for the worker and answer at once with its handle (202); read it at GET …/reconcile/:run_id. */
    background: z.boolean().optional(),
  })
  .strict()

/** "Sync now": reconcile with the gateway and report what changed (or queue it with `background`). */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const { background, ...input } = parseBody(SyncBody, req)
  if (background) {
    res.status(202).json({ run: await requestReconcile(req.scope, input) })
    return
  }
  res.json({ report: await reconcile(req.scope, input) })
}
