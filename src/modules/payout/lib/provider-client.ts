import type { ConfigModule } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import type { GatewayClient } from "../../../gateway/client-types"
import { acquiringProviderConfigs } from "../../../lib/acquiring/config"
import { providerGateway, type ProviderGateway } from "../../../lib/acquiring/gateways"

const fix = (what: string) =>
  new MedusaError(MedusaError.Types.INVALID_DATA, `Payouts need a gateway: ${what} (see docs/payouts.md)`)

/**
 * Without its own `gateway` option, payouts pay through the acquiring payment provider's gateway
 * client (the same credentials, configured once): the one named by `payouts.provider`, or the only one.
 */
export function providerClient(config: ConfigModule | undefined, wanted: string | undefined): GatewayClient {
  return providerGatewayOf(config, wanted).client
}

/** The provider's client and its options (the gateway profile payouts read). */
export function providerGatewayOf(config: ConfigModule | undefined, wanted: string | undefined): ProviderGateway {
  const providers = config ? acquiringProviderConfigs(config) : []
  const ids = providers.map((p) => p.config_id)
  if (wanted) {
    if (!ids.includes(wanted))
      throw fix(
        `payouts.provider "${wanted}" is not an acquiring payment provider's id (configured: ${ids.join(", ") || "none"})`,
      )
    return providerGateway(config!, wanted)
  }
  if (ids.length === 1) return providerGateway(config!, ids[0])
  throw fix(
    ids.length
      ? `several acquiring payment providers (${ids.join(", ")}); set payouts.provider to the one that pays out`
      : "configure the acquiring payment provider, or set the plugin option `gateway`",
  )
}
