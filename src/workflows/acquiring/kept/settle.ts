import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { releasesOf } from "../../../lib/acquiring/kept-orders"
import { recordKeptAuthorisationsWorkflow } from "./record"
import { loadKeptStep } from "./steps/load-kept"
import { releaseEachKeptStep } from "./steps/release-each-kept"

export type { KeptSettled } from "./steps/release-each-kept"

/**
 * Void the kept authorisations of these orders that are no longer needed (never two charges): the
 * order canceled, or its replacement paid. Rows an edit's event missed are recorded first.
 */
export const settleKeptAuthorisationsWorkflow = createWorkflow(
  "acquiring-settle-kept-authorisations",
  (input: { order_ids: string[] }) => {
    recordKeptAuthorisationsWorkflow.runAsStep({ input })
    const orders = loadKeptStep(input)
    const releases = transform({ orders }, ({ orders }) => releasesOf(orders))
    return new WorkflowResponse(releaseEachKeptStep(releases))
  },
)
