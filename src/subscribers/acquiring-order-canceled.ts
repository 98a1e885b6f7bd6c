import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys, OrderWorkflowEvents } from "@medusajs/framework/utils"
import { settleKeptAuthorisations } from "../workflows/acquiring/kept"
import { returnCanceledOrdersMoney } from "../workflows/acquiring/reconcile/canceled-workflow"

/**
 * Medusa's order cancel voids the payments it sees uncaptured and refunds those it sees captured;
 * it ignores a payment error. What it left at the gateway is given back here: a capture Medusa
 * never recorded (the gateway's portal) is refunded in full, a live authorisation voided
 * (canceledOrdersWorkflow). Then the authorisations kept after an edit are
 * voided. What fails is retried by reconciliation.
 */
export default async function acquiringOrderCanceled({ event, container }: SubscriberArgs<{ id?: unknown }>) {
  const id = event.data?.id
  if (typeof id !== "string" || !id.startsWith("order_")) return
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  try {
    for (const c of await returnCanceledOrdersMoney(container, [id], "cancel")) {
      if (c.kind === "error") logger.warn(`acquiring: canceled order ${id}: ${c.detail}; reconciliation retries`)
      else if (c.kind.startsWith("canceled_order_")) logger.info(`acquiring: canceled order ${id}: ${c.detail}`)
    }
  } catch (e) {
    logger.warn(`acquiring: canceled order ${id}'s money not checked (${(e as Error).message}); reconciliation retries`)
  }
  for (const s of await settleKeptAuthorisations(container, [id])) {
    if (s.outcome === "error")
      logger.warn(
        `acquiring: kept authorisation ${s.order_no} of canceled order ${id} not voided yet; reconciliation retries`,
      )
  }
}

export const config: SubscriberConfig = {
  event: OrderWorkflowEvents.CANCELED,
  context: { subscriberId: "acquiring-order-canceled" },
}
