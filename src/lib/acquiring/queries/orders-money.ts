import type { MedusaContainer } from "@medusajs/framework/types"
import { isAcquiringProvider } from "../config"
import { fromCents } from "../money"
import type { OrderPaymentMoney } from "../order-money"
import { tryReadData } from "../payment-data"
import { graphOf, type GraphRow } from "./graph"
import { centsOfRows } from "./payments"

export interface OrderMoney {
  order_id: string
  canceled: boolean
  collection_ids: string[]
  money: OrderPaymentMoney[]
  order_nos: string[]
}

/** Each order's collections and what its payments hold, with the gateway order numbers of its acquiring ones. */
export async function orderMoneyOf(container: MedusaContainer, orderIds: string[]): Promise<OrderMoney[]> {
  if (!orderIds.length) return []
  const { data } = await graphOf(container).graph({
    entity: "order",
    fields: [
      "id",
      "status",
      "payment_collections.id",
      "payment_collections.payments.id",
      "payment_collections.payments.provider_id",
      "payment_collections.payments.canceled_at",
      "payment_collections.payments.data",
      "payment_collections.payments.captures.raw_amount",
      "payment_collections.payments.refunds.raw_amount",
    ],
    filters: { id: orderIds },
  })
  return data.map((order) => {
    const collections = (order.payment_collections ?? []) as GraphRow[]
    const payments = collections.flatMap((c) => (c?.payments ?? []) as GraphRow[])
    return {
      order_id: order.id as string,
      canceled: order.status === "canceled",
      collection_ids: collections.map((c) => c.id as string),
      money: payments.map((p) => ({
        canceled: !!p.canceled_at,
        captured: fromCents(centsOfRows(p.captures)),
        refunded: fromCents(centsOfRows(p.refunds)),
      })),
      order_nos: payments
        .filter((p) => isAcquiringProvider(p.provider_id))
        .flatMap((p) => tryReadData(p.data)?.order_no ?? []),
    }
  })
}
