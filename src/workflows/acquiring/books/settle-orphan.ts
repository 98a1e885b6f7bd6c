import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { GatewayClient } from "../../../gateway/client-types"
import type { OrderRecord } from "../../../gateway/schemas/transactions"
import { lookupOrder, normaliseAmount } from "../../../lib/acquiring/gateway-state"
import { gatewayOfOrder } from "../../../lib/acquiring/gateways"
import { cancel, refund } from "../../../lib/acquiring/operations"
import type { AcquiringData } from "../../../lib/acquiring/payment-data"
import { LOCK_KEYS } from "../../../lib/acquiring/lock-keys"
import { medusaOwnerOf, type MedusaOwner } from "../../../lib/acquiring/queries/medusa-owner"
import type { GatewayOrderDTO } from "../../../modules/acquiring"
import { booksOf, gatewayOrderLockKey } from "./books"
import { closedDetail } from "./closed-detail"
import { orphanAction, type OrphanAction } from "./orphan-action"

export const ORPHAN_SETTLED_EVENT = "acquiring.orphan.settled"

export interface OrphanOutcome {
  order_no: string
  action: OrphanAction | "already" | "attached"
  detail: string
}

/** Settled or attached orders are done; a closed one is not (a stale page may still be paid later). */
const DONE = new Set(["settled", "attached"])

export const dataOfOrder = (o: GatewayOrderDTO, record?: OrderRecord): AcquiringData => ({
  order_no: o.order_no,
  currency: o.currency_code,
  amount: normaliseAmount(String(record?.amount ?? o.amount)) ?? String(o.amount),
  variant: o.kind === "authorise" ? "apm" : "hosted",
  ...(o.account_id ? { account_id: o.account_id } : {}),
  ...(record?.transaction_id ? { transaction_id: record.transaction_id } : {}),
})

/**
 * A gateway order of no live session: asked afresh under its lock, then voided, refunded, closed or left
 * to wait. Money a live Medusa payment carries is never moved here. A gateway failure is thrown (503).
 */
export async function settleOrphan(scope: MedusaContainer, orderNo: string, reason: string): Promise<OrphanOutcome> {
  const locking = scope.resolve(Modules.LOCKING)
  return locking.execute(gatewayOrderLockKey(orderNo), () => settleLocked(scope, orderNo, reason), { timeout: 30 })
}

async function settleLocked(scope: MedusaContainer, orderNo: string, reason: string): Promise<OrphanOutcome> {
  const books = booksOf(scope)
  const [order] = await books.listGatewayOrders({ order_no: orderNo })
  if (!order) return { order_no: orderNo, action: "already", detail: "not in the books" }
  if (DONE.has(order.state)) return { order_no: orderNo, action: "already", detail: `already ${order.state}` }
  const owner = await ownerAfterCompletion(scope, order, await medusaOwnerOf(scope, order))
  if (!owner) {
    await books.updateGatewayOrders({ id: order.id, checked_at: new Date() })
    return { order_no: orderNo, action: "wait", detail: "its cart's order is still being paid; decided again later" }
  }
  if (owner.owner === "payment") {
    await books.updateGatewayOrders({ id: order.id, state: "attached", checked_at: new Date() })
    return { order_no: orderNo, action: "attached", detail: `attached: Medusa payment ${owner.payment_id} holds it` }
  }
  const { client, options } = await gatewayOfOrder(scope, order.provider_id, orderNo)
  const record = await lookupOrder(client, dataOfOrder(order))
  const expired = !!order.page_expires_at && new Date(order.page_expires_at).getTime() < Date.now()
  let action = orphanAction(record, expired, options.provider.status_map)
  const hold = options.provider.orphans === "report" || owner.owner === "unpaid_order"
  if ((action === "void" || action === "refund") && hold) action = "report"
  const seen = { gateway_status: record?.payment_status ?? null, checked_at: new Date() }
  if (action === "wait") {
    await books.updateGatewayOrders({ id: order.id, ...seen })
    return { order_no: orderNo, action, detail: "waiting for the shopper; followed until its page expires" }
  }
  if (action === "close" || action === "report") {
    const state = action === "close" ? "closed" : "unmatched"
    const detail =
      action === "close"
        ? closedDetail(record)
        : owner.owner === "unpaid_order"
          ? `recorded for the admin, no money moved: order ${owner.order_id} has no payment and may be paid by it`
          : "recorded for the admin, no money moved"
    await books.updateGatewayOrders({ id: order.id, ...seen, state, orphan_reason: reason, settlement_detail: detail })
    return { order_no: orderNo, action, detail }
  }
  return moveMoney(scope, client, order, record!, action, reason)
}

/**
 * Medusa creates the order before it authorises, so an unpaid order may be a completion in flight:
 * read again under the cart's lock, which that completion holds. Undefined while it still runs.
 */
async function ownerAfterCompletion(
  scope: MedusaContainer,
  order: GatewayOrderDTO,
  first: MedusaOwner,
): Promise<MedusaOwner | undefined> {
  if (first.owner !== "unpaid_order") return first
  let locked = false
  const read = async () => {
    locked = true
    return medusaOwnerOf(scope, order)
  }
  try {
    return await scope.resolve(Modules.LOCKING).execute(LOCK_KEYS.cart(first.cart_id), read, { timeout: 30 })
  } catch (e) {
    if (locked) throw e
    return undefined
  }
}

async function moveMoney(
  scope: MedusaContainer,
  client: GatewayClient,
  order: GatewayOrderDTO,
  record: OrderRecord,
  action: "void" | "refund",
  reason: string,
): Promise<OrphanOutcome> {
  const books = booksOf(scope)
  const data = dataOfOrder(order, record)
  const movement = {
    order_no: order.order_no,
    kind: action === "void" ? ("cancel" as const) : ("refund" as const),
    source: "orphan",
    amount: data.amount,
    currency_code: data.currency,
  }
  try {
    if (action === "void") await cancel(client, data, { strict: true })
    else await refund(client, data, data.amount, `orphan-${order.order_no}`)
  } catch (e) {
    await books.recordMovements([{ ...movement, outcome: "failed", answer: { error: (e as Error).message } }])
    await books.updateGatewayOrders({ id: order.id, orphan_reason: reason, gateway_status: record.payment_status })
    throw e
  }
  const settlement = action === "void" ? "voided" : "refunded"
  const detail = `${settlement} ${data.amount} ${data.currency} (${reason})`
  await books.recordMovements([{ ...movement, outcome: "done", answer: { payment_status: record.payment_status } }])
  await books.updateGatewayOrders({
    id: order.id,
    state: "settled",
    settlement,
    settled_at: new Date(),
    settlement_detail: detail,
    orphan_reason: reason,
    gateway_status: record.payment_status,
    checked_at: new Date(),
  })
  await emitSettled(scope, { order_no: order.order_no, settlement, amount: data.amount, currency_code: data.currency })
  scope
    .resolve(ContainerRegistrationKeys.LOGGER)
    .info(`acquiring: gateway order ${order.order_no} had no live session; ${detail}`)
  return { order_no: order.order_no, action, detail }
}

async function emitSettled(scope: MedusaContainer, data: Record<string, string>) {
  const bus = scope.resolve(Modules.EVENT_BUS)
  await bus.emit({ name: ORPHAN_SETTLED_EVENT, data })
}
