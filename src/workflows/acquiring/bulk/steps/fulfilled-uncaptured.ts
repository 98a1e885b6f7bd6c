import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { acquiringOf } from "../../../../modules/acquiring"
import { onFulfilmentProviders } from "../../../../lib/acquiring/bulk/on-fulfilment"
import type { GraphQuery } from "../../../../lib/acquiring/queries/graph"
import { paymentsOfOrders } from "../../../../lib/acquiring/queries/payments"

export interface DueCaptures {
  due: string[]
  order_ids: string[]
}

/** Reads only the orders fulfillment events marked due, never a scan of open payments. */
export const fulfilledUncapturedStep = createStep("acquiring-fulfilled-uncaptured", async (_: void, { container }) => {
  const providers = onFulfilmentProviders(container)
  const due = providers ? (await acquiringOf(container).listCaptureDues({}, { take: null })).map((d) => d.order_id) : []
  if (!providers || !due.length) return new StepResponse<DueCaptures>({ due, order_ids: [] })
  const ours = new Set(providers.provider_ids)
  const payments = await paymentsOfOrders(container, due)
  const uncaptured = due.filter((id) =>
    (payments.get(id) ?? []).some((p) => ours.has(p.provider_id) && !p.captured_at && p.captured === "0.00"),
  )
  if (!uncaptured.length) return new StepResponse<DueCaptures>({ due, order_ids: [] })
  const query = container.resolve(ContainerRegistrationKeys.QUERY) as unknown as GraphQuery
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "fulfillments.id", "fulfillments.canceled_at"],
    filters: { id: uncaptured },
  })
  const fulfilled = data
    .filter((o) => (o.fulfillments ?? []).some((f: { canceled_at?: string | null } | null) => f && !f.canceled_at))
    .map((o) => o.id as string)
  return new StepResponse<DueCaptures>({ due, order_ids: fulfilled })
})
