import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys, OrderWorkflowEvents } from "@medusajs/framework/utils"
import { settleKeptAuthorisationsWorkflow } from "../workflows/acquiring/kept/settle"
import { canceledOrdersWorkflow } from "../workflows/acquiring/reconcile/canceled-workflow"

/**
 * Medusa's order cancel ignores payment errors: give back what it left at the gateway (refund an
 * unrecorded capture, void a live authorisation), then void kept authorisations. Reconciliation retries.
 */
export default async function acquiringOrderCanceled({ event, container }: SubscriberArgs<{ id?: unknown }>) {
  const id = event.data?.id
  if (typeof id !== "string" || !id.startsWith("order_")) return
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  try {
    const { result } = await canceledOrdersWorkflow(container).run({ input: { order_ids: [id], source: "cancel" } })
    for (const c of result) {
      if (c.kind === "error") logger.warn(`acquiring: canceled order ${id}: ${c.detail}; reconciliation retries`)
      else if (c.kind.startsWith("canceled_order_")) logger.info(`acquiring: canceled order ${id}: ${c.detail}`)
    }
  } catch (e) {
    logger.warn(`acquiring: canceled order ${id}'s money not checked (${(e as Error).message}); reconciliation retries`)
  }
  // Each kept authorisation's failure is logged by the workflow; this one is the workflow's own.
  const { errors } = await settleKeptAuthorisationsWorkflow(container).run({
    input: { order_ids: [id] },
    throwOnError: false,
  })
  if (errors.length)
    logger.warn(`acquiring: kept authorisations of canceled order ${id} not checked; reconciliation retries`)
}

export const config: SubscriberConfig = {
  event: OrderWorkflowEvents.CANCELED,
  context: { subscriberId: "acquiring-order-canceled" },
}
