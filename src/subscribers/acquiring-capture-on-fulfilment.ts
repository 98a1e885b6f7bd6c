import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { captureFulfilledWorkflow } from "../workflows/acquiring/bulk/capture-fulfilled"
import type { BulkReport } from "../workflows/acquiring/bulk/types"

/**
 * capture_mode on_fulfillment: creating a fulfilment captures the order's acquiring payments.
 * Batched: the sweep workflow captures every fulfilled, uncaptured order at once (gateway
 * requests of ≤ 50), so many orders fulfilled together share requests; an event finding nothing sends nothing.
 */
export default async function acquiringCaptureOnFulfilment({ container }: SubscriberArgs<{ order_id: string }>) {
  const { result } = await captureFulfilledWorkflow(container).run()
  const report = result as BulkReport | null
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
