import type { ConfigModule, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { createGatewayClient } from "../../gateway"
import type { GatewayClient } from "../../gateway/client-types"
import type { OrderRecord, RefundRecord } from "../../gateway/schemas/transactions"
import { acquiringOptionsFor, configIdOf } from "./config"
import { pushTo } from "../push-to"
import { byAccount } from "./batch"
import { latestRecords } from "./gateway-state"
import type { AcquiringOptions } from "./options"

export interface ProviderGateway {
  client: GatewayClient
  options: AcquiringOptions
}

/**
 * Gateway clients per provider id, for one run (a client holds no state between calls;
 * nothing is kept across requests, so several instances behave alike).
 */
export function gatewaysFor(container: MedusaContainer) {
  const config = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE) as ConfigModule
  const byConfig = new Map<string, ProviderGateway>()
  return (providerId: string): ProviderGateway => {
    const options = acquiringOptionsFor(config, providerId)
    if (!options)
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        `provider ${providerId} is not an acquiring provider of this app`,
      )
    const key = configIdOf(providerId) ?? providerId
    let gw = byConfig.get(key)
    if (!gw) byConfig.set(key, (gw = { client: createGatewayClient(options.clientInput as never), options }))
    return gw
  }
}

/** What selects a gateway order: its number and the account (or currency) it was made on. */
export interface GatewayRef {
  order_no: string
  account_id?: string
  currency: string
}

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
