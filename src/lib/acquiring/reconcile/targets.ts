import type { ConfigModule } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { acquiringProviderConfigs, type AcquiringProviderConfig } from "../config"
import type { ReconcileInput, ReconcileTarget } from "./report"

const DAY = 86_400_000

/** The provider configs a run covers, each with its look-back window from `now`. */
export function targetsOf(config: ConfigModule, input: ReconcileInput, now: number): ReconcileTarget[] {
  return acquiringProviderConfigs(config)
    .filter((c) => !input.config_ids || input.config_ids.includes(c.config_id))
    .map((c) => ({
      config_id: c.config_id,
      since: new Date(now - c.options.provider.reconcile_lookback_days * DAY).toISOString(),
      ...(input.order_ids ? { order_ids: input.order_ids } : {}),
    }))
}

/** Read from the app config: workflow inputs carry ids only. */
export function configOf(config: ConfigModule, configId: string): AcquiringProviderConfig {
  const found = acquiringProviderConfigs(config).find((c) => c.config_id === configId)
  if (!found)
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `config_ids: no acquiring provider config ${configId} in this app`,
    )
  return found
}
