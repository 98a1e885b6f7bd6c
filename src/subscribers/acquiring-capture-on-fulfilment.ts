import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { onFulfilmentProviders } from "../lib/acquiring/bulk/on-fulfilment"
import { captureFulfilledWorkflow } from "../workflows/acquiring/bulk/capture-fulfilled"
import { flagUnpaidFulfilmentsWorkflow } from "../workflows/acquiring/reconcile/unpaid-fulfilment"

/**
 * capture_mode on_fulfillment: the event's order becomes due and one sweep captures every due
 * order, so orders fulfilled together share gateway requests.
 */
export default async function acquiringCaptureOnFulfilment({ event, container }: SubscriberArgs<{ order_id: string }>) {
  const orderId = event.data?.order_id
  if (typeof orderId !== "string" || !orderId) return
  if (!onFulfilmentProviders(container)) return
  const { result: report } = await captureFulfilledWorkflow(container).run({ input: { order_ids: [orderId] } })
  const failed = report?.results.filter((r) => r.status === "failed") ?? []
  if (!failed.length) return
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  for (const f of failed) logger.error(`acquiring: capture on fulfilment of order ${f.order_id} failed: ${f.error}`)
  try {
    const input = { order_ids: failed.map((f) => f.order_id) }
    const { result } = await flagUnpaidFulfilmentsWorkflow(container).run({ input })
    for (const id of result)
      logger.warn(`acquiring: order ${id} was fulfilled without money at the gateway; flagged for the admin`)
  } catch (e) {
    logger.warn(
      `acquiring: fulfilled orders not checked for money (${(e as Error).message}); reconciliation marks them`,
    )
  }
}

export const config: SubscriberConfig = {
  event: "order.fulfillment_created",
  context: { subscriberId: "acquiring-capture-on-fulfilment" },
}
