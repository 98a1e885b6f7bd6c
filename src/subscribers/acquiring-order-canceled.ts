import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys, OrderWorkflowEvents } from "@medusajs/framework/utils"
import { settleKeptAuthorisations } from "../workflows/acquiring/kept"

/**
 * Medusa's order cancel voids the order's live payments, not those its edits canceled: an
 * authorisation kept after an edit (lib/acquiring/kept.ts) is voided here. What fails is retried by
 * reconciliation.
 */
export default async function acquiringOrderCanceled({ event, container }: SubscriberArgs<{ id?: unknown }>) {
  const id = event.data?.id
  if (typeof id !== "string" || !id.startsWith("order_")) return
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
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
