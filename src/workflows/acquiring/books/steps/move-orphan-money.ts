import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { OrderRecord } from "../../../../gateway/schemas/transactions"
import { acquiringOf } from "../../../../modules/acquiring"
import type { GatewayOrderDTO } from "../../../../modules/acquiring"
import { dataOfOrder, settledOrphan } from "../../../../lib/acquiring/books/orphan"
import { gatewayAtVersion } from "../../../../lib/acquiring/gateways"
import { cancel, refund } from "../../../../lib/acquiring/operations"

export interface MoveOrphanMoneyInput {
  order: GatewayOrderDTO
  record: OrderRecord
  action: "void" | "refund"
  reason: string
}

/**
 * The point of no return: void or refund in full, no compensation. A gateway failure is written to the
 * books as a failed movement, then thrown (the notification is answered 503 and sent again).
 */
export const moveOrphanMoneyStep = createStep(
  "acquiring-move-orphan-money",
  async ({ order, record, action, reason }: MoveOrphanMoneyInput, { container }) => {
    const books = acquiringOf(container)
    // The order's own credentials: the account it was opened under may since have been replaced.
    const { client } = await gatewayAtVersion(container, order.provider_id, order.settings_version)
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
    const settled = settledOrphan(order, record, action, reason)
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .info(`acquiring: gateway order ${order.order_no} had no live session; ${settled.outcome.detail}`)
    const movements = [{ ...movement, outcome: "done" as const, answer: { payment_status: record.payment_status } }]
    return new StepResponse({ ...settled, movements })
  },
)
