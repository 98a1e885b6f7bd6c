import type { IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { acquiringProviderIds } from "../config"
import { parseDisputes } from "../disputes"
import { OPEN_SESSION_STATUSES, tryReadData, writePaymentData } from "../payment-data"
import { graphOf, type GraphRow } from "../queries/graph"
import { acquiringOf } from "../../../modules/acquiring"
import { gatewayOrderOf, recordOpenedSessions } from "./opened"

const PAGE = 500

export interface MovedToBooks {
  payments: number
  disputes: number
  gateway_orders: number
}

/**
 * Upgrading from 0.1.0: each acquiring payment's gateway order and disputes move into the books
 * (disputes emptied from `payment.data`). Idempotent; run once by `medusa db:migrate`.
 */
export async function moveToBooks(scope: MedusaContainer): Promise<MovedToBooks> {
  const config = scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
  const providerIds = acquiringProviderIds(config)
  const moved: MovedToBooks = { payments: 0, disputes: 0, gateway_orders: 0 }
  if (!providerIds.length) return moved
  for (let skip = 0; ; skip += PAGE) {
    const { data } = await graphOf(scope).graph({
      entity: "payment",
      fields: ["id", "provider_id", "data", "amount", "currency_code", "payment_collection_id", "payment_session_id"],
      filters: { provider_id: providerIds },
      pagination: { skip, take: PAGE, order: { id: "ASC" } },
    })
    for (const payment of data) await movePayment(scope, payment, moved)
    if (data.length < PAGE) break
  }
  const { data: open } = await graphOf(scope).graph({
    entity: "payment_session",
    fields: ["id", "provider_id", "payment_collection_id", "created_at", "data"],
    filters: { provider_id: providerIds, status: OPEN_SESSION_STATUSES },
  })
  moved.gateway_orders += await recordOpenedSessions(scope, open)
  return moved
}

async function movePayment(scope: MedusaContainer, payment: GraphRow, moved: MovedToBooks) {
  const data = tryReadData(payment.data)
  if (!data) return
  moved.payments++
  const books = acquiringOf(scope)
  const row = gatewayOrderOf(payment.data, {
    provider_id: payment.provider_id,
    session_id: payment.payment_session_id ?? "",
    payment_collection_id: payment.payment_collection_id ?? null,
    cart_id: null,
  })
  const recorded = await books.recordOpened(row ? [{ ...row, state: "attached" }] : [])
  moved.gateway_orders += recorded
  const disputes = parseDisputes((payment.data as Record<string, unknown>).disputes)
  if (!Array.isArray((payment.data as Record<string, unknown>).disputes)) return
  for (const d of disputes) await books.saveDispute(payment.id, data.order_no, d)
  moved.disputes += disputes.length
  // The module merges `data` into what is stored: a key cannot be dropped, only emptied.
  const data_ = { ...(payment.data as Record<string, unknown>), disputes: null }
  await writePaymentData(scope.resolve<IPaymentModuleService>(Modules.PAYMENT), payment.id, data_)
}
