import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { logText } from "../../../../gateway/log-text"
import type { KeptRelease } from "../../../../lib/acquiring/kept-orders"
import { releaseKeptAuthorisationWorkflow } from "../release"

export interface KeptSettled {
  order_id: string
  payment_id: string
  order_no: string
  outcome: KeptRelease["outcome"] | "error"
  detail?: string
}

/**
 * Runs the release workflow once per kept authorisation, known only at run time; each is its own
 * transaction, and one failure never stops the others (reconciliation retries it).
 */
export const releaseEachKeptStep = createStep(
  "acquiring-release-each-kept",
  async (releases: KeptRelease[], { container }) => {
    const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
    const out: KeptSettled[] = []
    for (const r of releases) {
      const base = { order_id: r.order_id, payment_id: r.payment_id, order_no: r.order_no }
      try {
        await releaseKeptAuthorisationWorkflow(container).run({
          input: { payment_id: r.payment_id, provider_id: r.provider_id, outcome: r.outcome },
        })
        out.push({ ...base, outcome: r.outcome })
        logger.info(`acquiring: kept authorisation ${r.order_no} of order ${r.order_id} voided (${r.outcome})`)
      } catch (e) {
        out.push({ ...base, outcome: "error", detail: (e as Error).message })
        logger.warn(
          `acquiring: kept authorisation ${r.order_no} of order ${r.order_id} not voided yet (${logText((e as Error).message, 200)}); reconciliation retries`,
        )
      }
    }
    return new StepResponse(out)
  },
)
