import type { ConfigModule, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { GatewayClient } from "../../../gateway/client-types"
import { acquiringOf } from "../../../modules/acquiring"
import { acquiringProviderConfigs } from "../config"
import { gatewayAtVersion } from "../gateways"

export interface SigningGateway {
  provider_id: string
  client: GatewayClient
}

/**
 * The entry whose newest settings (saved in the admin, else medusa-config) name the account: an
 * account or key that exists only in saved settings counts as one of medusa-config's.
 */
export async function accountGatewayOf(
  scope: MedusaContainer,
  accountId: unknown,
): Promise<SigningGateway | undefined> {
  const account = String(accountId ?? "")
  const config = scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE, { allowUnregistered: true }) as
    ConfigModule | undefined
  if (!account || !config?.modules) return undefined
  for (const c of acquiringProviderConfigs(config)) {
    // An entry whose settings cannot be read signs nothing; the kind's own verification refuses it too.
    const g = await gatewayAtVersion(scope, c.config_id, undefined).catch(() => undefined)
    if (g?.options.client.accounts.some((a) => a.account_id === account))
      return { provider_id: c.provider_ids[0], client: g.client }
  }
  return undefined
}

/**
 * The gateway whose key signs an order's notifications: the order's own (its provider and the settings
 * version it was opened under, issue #35), else, for an order the books missed, the account's entry.
 */
export async function signingGatewayOf(
  scope: MedusaContainer,
  orderNo: string,
  accountId: unknown,
): Promise<SigningGateway | undefined> {
  if (!String(accountId ?? "")) return undefined
  const [known] = orderNo
    ? await acquiringOf(scope).listGatewayOrders({ order_no: orderNo }, { select: ["provider_id", "settings_version"] })
    : []
  if (!known) return accountGatewayOf(scope, accountId)
  const g = await gatewayAtVersion(scope, known.provider_id, known.settings_version).catch(() => undefined)
  return g && { provider_id: known.provider_id, client: g.client }
}
