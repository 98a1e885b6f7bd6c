import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { logText } from "../../../gateway/log-text"
import { keptOfOrders, orderOfCollection, type OrderKept } from "./orders"
import { releaseKeptAuthorisationWorkflow, type ReleaseKeptInput } from "./release"

export interface KeptSettled {
  order_id: string
  payment_id: string
  order_no: string
  outcome: ReleaseKeptInput["outcome"] | "error"
  detail?: string
}

export function outcomeOf(order: OrderKept): ReleaseKeptInput["outcome"] | null {
  if (order.canceled) return "voided_order_canceled"
  if (order.replacement_paid) return "voided_replacement_paid"
  return null
}

/** Void kept authorisations no longer needed (never two charges); one failure never stops the others. */
export async function settleKeptAuthorisations(container: MedusaContainer, orderIds: string[]): Promise<KeptSettled[]> {
  return settleOrders(container, await keptOfOrders(container, orderIds))
}

export async function settleOrders(container: MedusaContainer, orders: OrderKept[]): Promise<KeptSettled[]> {
  const out: KeptSettled[] = []
  for (const order of orders) {
    const outcome = outcomeOf(order)
    if (!outcome) continue
    for (const kept of order.kept) {
      const base = { order_id: order.order_id, payment_id: kept.payment_id, order_no: kept.data.order_no }
      try {
        await releaseKeptAuthorisationWorkflow(container).run({
          input: { payment_id: kept.payment_id, provider_id: kept.provider_id, outcome },
        })
        out.push({ ...base, outcome })
      } catch (e) {
        out.push({ ...base, outcome: "error", detail: (e as Error).message })
      }
    }
  }
  return out
}

/** Never throws: the payment is recorded already, and reconciliation retries what fails here. */
export async function settleAfterPayment(container: MedusaContainer, collectionId: string): Promise<void> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER) as Logger
  try {
    const orderId = await orderOfCollection(container, collectionId)
    if (!orderId) return
    for (const s of await settleKeptAuthorisations(container, [orderId])) {
      if (s.outcome === "error")
        logger.warn(
          `acquiring: kept authorisation ${s.order_no} of order ${orderId} not voided yet (${logText(s.detail, 200)}); reconciliation retries`,
        )
      else logger.info(`acquiring: kept authorisation ${s.order_no} of order ${orderId} voided (${s.outcome})`)
    }
  } catch (e) {
    logger.warn(
      `acquiring: kept authorisations of collection ${collectionId} not checked (${logText((e as Error).message, 200)}); reconciliation retries`,
    )
  }
}
