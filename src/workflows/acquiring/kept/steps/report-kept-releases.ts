import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { logText } from "../../../../gateway/log-text"
import type { ItemResult } from "../../../../lib/acquiring/items/record-item"
import type { KeptRelease } from "../../../../lib/acquiring/kept-orders"
import { keptSettled } from "../../../../lib/acquiring/kept-release"

/** Each release's result, logged: voided, or not yet (reconciliation retries it). Writes nothing. */
export const reportKeptReleasesStep = createStep(
  "acquiring-report-kept-releases",
  async ({ releases, results }: { releases: KeptRelease[]; results: ItemResult[] }, { container }) => {
    const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
    const settled = keptSettled(releases, results)
    for (const s of settled) {
      if (s.outcome !== "error")
        logger.info(`acquiring: kept authorisation ${s.order_no} of order ${s.order_id} voided (${s.outcome})`)
      else
        logger.warn(
          `acquiring: kept authorisation ${s.order_no} of order ${s.order_id} not voided yet (${logText(s.detail, 200)}); reconciliation retries`,
        )
    }
    return new StepResponse(settled)
  },
)
