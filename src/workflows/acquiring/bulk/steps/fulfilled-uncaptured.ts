import type { ConfigModule, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { acquiringProviderConfigs } from "../../../../lib/acquiring/config"
import type { GraphQuery } from "../../../../lib/acquiring/queries/graph"
import { openPayments } from "../../../../lib/acquiring/queries/payment-pages"

const DAY = 86_400_000

/** The providers set to capture_mode on_fulfillment and the widest lookback among them; null when none is. */
export function onFulfilmentProviders(
  container: MedusaContainer,
): { provider_ids: string[]; lookback_days: number } | null {
  const config = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE) as ConfigModule
  const configs = acquiringProviderConfigs(config).filter((c) => c.options.provider.capture_mode === "on_fulfillment")
  if (!configs.length) return null
  return {
    provider_ids: configs.flatMap((c) => c.provider_ids),
    lookback_days: Math.max(...configs.map((c) => c.options.provider.reconcile_lookback_days)),
  }
}

/** Read-only: whether any provider captures on fulfilment (the sweep then runs at all). */
export const onFulfilmentConfiguredStep = createStep(
  "acquiring-on-fulfilment-configured",
  async (_: void, { container }) => {
    return new StepResponse(!!onFulfilmentProviders(container))
  },
)

/** Read-only: orders with a live fulfilment whose on-fulfilment acquiring payment is not captured yet. */
export const fulfilledUncapturedStep = createStep("acquiring-fulfilled-uncaptured", async (_: void, { container }) => {
  const providers = onFulfilmentProviders(container)
  if (!providers) return new StepResponse<string[]>([])
  const since = new Date(Date.now() - providers.lookback_days * DAY)
  const open = (await openPayments(container, since, providers.provider_ids)).filter(
    (p) => !p.captured_at && p.captured === "0.00" && p.order_id,
  )
  if (!open.length) return new StepResponse<string[]>([])
  const query = container.resolve(ContainerRegistrationKeys.QUERY) as unknown as GraphQuery
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "fulfillments.id", "fulfillments.canceled_at"],
    filters: { id: [...new Set(open.map((p) => p.order_id!))] },
  })
  return new StepResponse<string[]>(
    data
      .filter((o) => (o.fulfillments ?? []).some((f: { canceled_at?: string | null } | null) => f && !f.canceled_at))
      .map((o) => o.id),
  )
})
