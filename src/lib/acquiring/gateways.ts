import type { ConfigModule, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { createGatewayClient } from "../../gateway"
import type { GatewayClient } from "../../gateway/client-types"
import type { OrderRecord, RefundRecord } from "../../gateway/schemas/transactions"
import { acquiringProviderConfigs, configIdOf } from "./config"
import { pushTo } from "../push-to"
import { byAccount } from "./batch"
import { latestRecords } from "./gateway-state"
import type { AcquiringOptions } from "./options"

export interface ProviderGateway {
  client: GatewayClient
  options: AcquiringOptions
  /** The saved settings version the credentials come from (absent: medusa-config alone). */
  version?: number
}

const clients = new WeakMap<ConfigModule, Map<string, ProviderGateway>>()

/** A provider's client and options (by config or provider id); stateless, so one per config entry serves the process. */
export function providerGateway(config: ConfigModule, providerOrConfigId: string): ProviderGateway {
  const configId = configIdOf(providerOrConfigId) ?? providerOrConfigId
  let byConfig = clients.get(config)
  if (!byConfig) clients.set(config, (byConfig = new Map()))
  let gw = byConfig.get(configId)
  if (gw) return gw
  const options = acquiringProviderConfigs(config).find((c) => c.config_id === configId)?.options
  if (!options)
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `provider ${providerOrConfigId} is not an acquiring provider of this app`,
    )
  byConfig.set(configId, (gw = { client: createGatewayClient(options.clientInput as never), options }))
  return gw
}

type KnownSettings = { knownSettings(id: string): { client: GatewayClient; options: AcquiringOptions } | null }

/** Clients per provider id: the newest saved settings this process has read (issue #35), else medusa-config alone. */
export function gatewaysFor(container: MedusaContainer) {
  const config = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE) as ConfigModule
  const owner = container.resolve<KnownSettings | undefined>("acquiring", { allowUnregistered: true })
  return (providerId: string): ProviderGateway => {
    const known = owner?.knownSettings?.(configIdOf(providerId) ?? providerId)
    return known ? { client: known.client, options: known.options } : providerGateway(config, providerId)
  }
}

type OrderSettings = {
  settingsVersionsOf(orderNos: string[]): Promise<Map<string, number>>
  effectiveSettings(id: string, version?: number): Promise<ProviderGateway>
}

const orderSettingsOf = (container: MedusaContainer) =>
  container.resolve<OrderSettings | undefined>("acquiring", { allowUnregistered: true })

/** A gateway order's client and options: the credentials it was opened under, the newest policies. */
export async function gatewayOfOrder(
  container: MedusaContainer,
  providerId: string,
  orderNo: string,
): Promise<ProviderGateway> {
  const owner = orderSettingsOf(container)
  if (!owner?.settingsVersionsOf) return gatewaysFor(container)(providerId)
  return gatewayAtVersion(container, providerId, (await owner.settingsVersionsOf([orderNo])).get(orderNo))
}

/** As gatewayOfOrder, for a caller that already holds the books row and so its `settings_version`. */
export async function gatewayAtVersion(
  container: MedusaContainer,
  providerId: string,
  version: number | undefined,
): Promise<ProviderGateway> {
  const owner = orderSettingsOf(container)
  if (!owner?.effectiveSettings) return gatewaysFor(container)(providerId)
  const s = await owner.effectiveSettings(configIdOf(providerId) ?? providerId, version)
  return { client: s.client, options: s.options, version: s.version }
}

export interface GatewayRef {
  order_no: string
  account_id?: string
  currency: string
  /** The settings version the order was opened under, when the caller holds it. */
  settings_version?: number
}

type VersionRef = Pick<GatewayRef, "order_no" | "settings_version">

/**
 * Items with the client of the settings version their order was opened under (issue #35): the item's
 * own version, else the books', else 0 (medusa-config's credentials, as the provider reads such data).
 */
export async function gatewaysOfOrders<T>(
  container: MedusaContainer,
  providerId: string,
  items: T[],
  refOf: (item: T) => VersionRef = (item) => item as VersionRef,
): Promise<Array<ProviderGateway & { refs: T[] }>> {
  const unknown = [
    ...new Set(
      items
        .map(refOf)
        .filter((r) => r.settings_version === undefined)
        .map((r) => r.order_no),
    ),
  ]
  const owner = orderSettingsOf(container)
  const books = unknown.length && owner?.settingsVersionsOf ? await owner.settingsVersionsOf(unknown) : new Map()
  const byVersion = new Map<number, T[]>()
  for (const item of items) {
    const r = refOf(item)
    pushTo(byVersion, r.settings_version ?? books.get(r.order_no) ?? 0, item)
  }
  const out: Array<ProviderGateway & { refs: T[] }> = []
  for (const [version, group] of byVersion)
    out.push({ ...(await gatewayAtVersion(container, providerId, version)), refs: group })
  return out
}

/** gatewaysOfOrders for items already grouped by provider id. */
export async function gatewaysOfGroups<T>(
  container: MedusaContainer,
  byProvider: Map<string, T[]>,
  refOf: (item: T) => VersionRef,
): Promise<Array<ProviderGateway & { provider_id: string; refs: T[] }>> {
  const out: Array<ProviderGateway & { provider_id: string; refs: T[] }> = []
  for (const [provider_id, items] of byProvider)
    for (const g of await gatewaysOfOrders(container, provider_id, items, refOf)) out.push({ ...g, provider_id })
  return out
}

/** A per-order gateway read, each order asked with its own version's credentials. */
async function readByVersion<V>(
  container: MedusaContainer,
  providerId: string,
  refs: GatewayRef[],
  read: (client: GatewayClient, refs: GatewayRef[]) => Promise<Map<string, V>>,
): Promise<Map<string, V>> {
  const out = new Map<string, V>()
  for (const g of await gatewaysOfOrders(container, providerId, refs))
    for (const [no, value] of await read(g.client, g.refs)) out.set(no, value)
  return out
}

/** recordsByOrderNo, each order asked with its own version's credentials. */
export const orderRecords = (container: MedusaContainer, providerId: string, refs: GatewayRef[]) =>
  readByVersion(container, providerId, refs, recordsByOrderNo)

/** refundsByOrderNo, each order asked with its own version's credentials. */
export const orderRefunds = (container: MedusaContainer, providerId: string, refs: GatewayRef[]) =>
  readByVersion(container, providerId, refs, refundsByOrderNo)

/** Latest gateway record per order_no (retrievalTrans, ≤ 100 per request, per account). */
export async function recordsByOrderNo(client: GatewayClient, refs: GatewayRef[]): Promise<Map<string, OrderRecord>> {
  const all: OrderRecord[] = []
  for (const g of byAccount(refs, (r) => r)) {
    const { orders_list } = await client.retrieveTransactions(
      { orders: [...new Set(g.items.map((r) => r.order_no))] },
      g.opts,
    )
    all.push(...orders_list)
  }
  return latestRecords(all)
}

/** Refund records per order_no (retrievalRefund, ≤ 100 per request, per account). */
export async function refundsByOrderNo(
  client: GatewayClient,
  refs: GatewayRef[],
): Promise<Map<string, RefundRecord[]>> {
  const out = new Map<string, RefundRecord[]>()
  for (const g of byAccount(refs, (r) => r)) {
    const { refund_orders } = await client.retrieveRefunds(
      { orders: [...new Set(g.items.map((r) => r.order_no))] },
      g.opts,
    )
    for (const rec of refund_orders) pushTo(out, rec.order_no, rec)
  }
  return out
}
