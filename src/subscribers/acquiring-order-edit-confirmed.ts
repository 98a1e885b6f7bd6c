import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys, OrderEditWorkflowEvents } from "@medusajs/framework/utils"
import { recordKeptAuthorisationsWorkflow } from "../workflows/acquiring/kept/record"

/**
 * An order edit replaced the order's collection and the provider kept its authorisation (marked in the
 * payment's data, all it can write): the books get the row. Settling records it too if this fails.
 */
export default async function acquiringOrderEditConfirmed({
  event,
  container,
}: SubscriberArgs<{ order_id?: unknown }>) {
  const id = event.data?.order_id
  if (typeof id !== "string") return
  const { errors } = await recordKeptAuthorisationsWorkflow(container).run({
    input: { order_ids: [id] },
    throwOnError: false,
  })
  if (errors.length)
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(`acquiring: kept authorisations of edited order ${id} not recorded yet; settling the order records them`)
}

export const config: SubscriberConfig = {
  event: OrderEditWorkflowEvents.CONFIRMED,
  context: { subscriberId: "acquiring-order-edit-confirmed" },
}
