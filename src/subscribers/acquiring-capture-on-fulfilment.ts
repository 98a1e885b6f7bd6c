import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { captureFulfilledOrders } from "../workflows/acquiring/bulk/capture-fulfilled"

/**
 * capture_mode on_fulfillment: creating a fulfilment captures the order's acquiring payments.
 * The event's order becomes due; the sweep captures every due order at once (gateway requests of
 * ≤ 50), so many orders fulfilled together share requests; an event finding nothing sends nothing.
 */
export default async function acquiringCaptureOnFulfilment({ event, container }: SubscriberArgs<{ order_id: string }>) {
  const orderId = event.data?.order_id
  if (typeof orderId !== "string" || !orderId) return
  const report = await captureFulfilledOrders(container, [orderId])
  const failed = report?.results.filter((r) => r.status === "failed") ?? []
  if (failed.length) {
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
    for (const f of failed) logger.error(`acquiring: capture on fulfilment of order ${f.order_id} failed: ${f.error}`)
  }
}

export const config: SubscriberConfig = {
  event: "order.fulfillment_created",
  context: { subscriberId: "acquiring-capture-on-fulfilment" },
}
