import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { releasesOf } from "../../../lib/acquiring/kept-orders"
import { keptItems } from "../../../lib/acquiring/kept-release"
import { recordEachItemStep } from "../items/steps/record-each-item"
import { recordKeptAuthorisationsWorkflow } from "./record"
import { loadKeptStep } from "./steps/load-kept"
import { reportKeptReleasesStep } from "./steps/report-kept-releases"

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
    const released = recordEachItemStep(
      transform({ releases }, ({ releases }) => ({ items: keptItems(releases) })),
    ).config({ name: "acquiring-release-each-kept" })
    const settled = reportKeptReleasesStep(
      transform({ releases, released }, ({ releases, released }) => ({ releases, results: released.results })),
    )
    return new WorkflowResponse(settled)
  },
)
