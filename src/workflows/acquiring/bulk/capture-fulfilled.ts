import type { ConfigModule, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { acquiringProviderConfigs } from "../../../lib/acquiring/config"
import { openPayments } from "../../../lib/acquiring/queries/payment-pages"
import { runBulk, type BulkReport } from "./run"
import type { GraphQuery } from "../../../lib/acquiring/queries/graph"

const DAY = 86_400_000

/** Orders with a live fulfilment whose on-fulfilment acquiring payment is not captured yet. */
async function fulfilledUncaptured(container: MedusaContainer, providerIds: string[], since: Date): Promise<string[]> {
  const open = (await openPayments(container, since, providerIds)).filter(
    (p) => !p.captured_at && p.captured === "0.00" && p.order_id,
  )
  if (!open.length) return []
  const query = container.resolve(ContainerRegistrationKeys.QUERY) as unknown as GraphQuery
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "fulfillments.id", "fulfillments.canceled_at"],
    filters: { id: [...new Set(open.map((p) => p.order_id!))] },
  })
  return data
    .filter((o) => (o.fulfillments ?? []).some((f: { canceled_at?: string | null } | null) => f && !f.canceled_at))
    .map((o) => o.id)
}

/**
 * capture_mode on_fulfilment, batched: each fulfilment event sweeps every fulfilled, uncaptured
 * on-fulfilment payment under one cluster-wide lock and captures them with the bulk path
 * (gateway requests of ≤ 50). When many orders are fulfilled together, the first sweep takes
 * them all; the events queued behind it find nothing left and send nothing.
 */
export async function captureFulfilledOrders(container: MedusaContainer): Promise<BulkReport | null> {
  const config = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE) as ConfigModule
  const configs = acquiringProviderConfigs(config).filter((c) => c.options.provider.capture_mode === "on_fulfilment")
  if (!configs.length) return null
  const providerIds = configs.flatMap((c) => c.provider_ids)
  const lookback = Math.max(...configs.map((c) => c.options.provider.reconcile_lookback_days))
  const locking = container.resolve(Modules.LOCKING)
  return locking.execute(
    "acquiring:capture-on-fulfilment:sweep",
    async () => {
      const orderIds = await fulfilledUncaptured(container, providerIds, new Date(Date.now() - lookback * DAY))
      return orderIds.length
        ? runBulk(
            container,
            "capture",
            orderIds.map((order_id) => ({ order_id })),
          )
        : null
    },
    { timeout: 120 },
  )
}
