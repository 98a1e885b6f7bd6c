import type { ConfigModule, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { createGatewayClient } from "../../../gateway"
import type { CallOptions, GatewayClient } from "../../../gateway/client-types"
import type { OrderRecord, RefundRecord } from "../../../gateway/schemas/transactions"
import { acquiringOptionsFor } from "../../../lib/acquiring-config"
import { pushTo } from "../../../lib/push-to"
import { callOpts } from "../../../providers/acquiring/core/gateway-state"
import type { AcquiringOptions } from "../../../providers/acquiring/options"

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
    if (!options) throw new MedusaError(MedusaError.Types.NOT_FOUND, `provider ${providerId} is not an acquiring provider of this app`)
    const key = providerId.replace(/^pp_acquiring(-apm)?_/, "")
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

function groupByAccount<T extends GatewayRef>(refs: T[]): Array<{ opts: CallOptions; refs: T[] }> {
  const groups = new Map<string, { opts: CallOptions; refs: T[] }>()
  for (const r of refs) {
    const opts = callOpts(r)
    const key = JSON.stringify(opts)
    const g = groups.get(key) ?? { opts, refs: [] }
    g.refs.push(r)
    groups.set(key, g)
  }
  return [...groups.values()]
}

/** Latest gateway record per order_no (retrievalTrans, ≤ 100 per request, per account). */
export async function recordsByOrderNo(client: GatewayClient, refs: GatewayRef[]): Promise<Map<string, OrderRecord>> {
  const out = new Map<string, OrderRecord>()
  for (const g of groupByAccount(refs)) {
    const { orders_list } = await client.retrieveTransactions({ orders: [...new Set(g.refs.map((r) => r.order_no))] }, g.opts)
    for (const rec of orders_list) {
      const prev = out.get(rec.order_no)
      // Several records (retries on the hosted page): the most recent decides.
      if (!prev || (rec.transaction_date ?? "") >= (prev.transaction_date ?? "")) out.set(rec.order_no, rec)
    }
  }
  return out
}

/** Refund records per order_no (retrievalRefund, ≤ 100 per request, per account). */
export async function refundsByOrderNo(client: GatewayClient, refs: GatewayRef[]): Promise<Map<string, RefundRecord[]>> {
  const out = new Map<string, RefundRecord[]>()
  for (const g of groupByAccount(refs)) {
    const { refund_orders } = await client.retrieveRefunds({ orders: [...new Set(g.refs.map((r) => r.order_no))] }, g.opts)
    for (const rec of refund_orders) pushTo(out, rec.order_no, rec)
  }
  return out
}

export { callOpts }
