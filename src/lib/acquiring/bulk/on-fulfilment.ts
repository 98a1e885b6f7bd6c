import type { ConfigModule, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { acquiringProviderIds } from "../config"

/** The providers set to capture_mode on_fulfillment; null when none is. */
export function onFulfilmentProviders(container: MedusaContainer): { provider_ids: string[] } | null {
  const config = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE) as ConfigModule
  const ids = acquiringProviderIds(config, (c) => c.options.provider.capture_mode === "on_fulfillment")
  return ids.length ? { provider_ids: ids } : null
}
