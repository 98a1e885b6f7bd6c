import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { acquiringOf } from "../../../../modules/acquiring"
import { lookupOrder } from "../../../../lib/acquiring/gateway-state"
import { gatewayAtVersion } from "../../../../lib/acquiring/gateways"
import { dataOfOrder, DONE_STATES, planOrphan, type OrphanPlan } from "../../../../lib/acquiring/books/orphan"
import { ownerAfterCompletion } from "../../../../lib/acquiring/queries/medusa-owner"

export interface SettleOrphanInput {
  order_no: string
  reason: string
}

/** Read-only, under the order's lock: the books row, who in Medusa holds it, and the gateway asked afresh. */
export const lookUpOrphanStep = createStep(
  "acquiring-look-up-orphan",
  async ({ order_no, reason }: SettleOrphanInput, { container }) => {
    const [order] = await acquiringOf(container).listGatewayOrders({ order_no })
    if (!order || DONE_STATES.has(order.state))
      return new StepResponse<OrphanPlan>(planOrphan({ order_no, reason, order }))
    const owner = await ownerAfterCompletion(container, order)
    if (!owner) return new StepResponse<OrphanPlan>(planOrphan({ order_no, reason, order, completing: true }))
    if (owner.owner === "payment") return new StepResponse<OrphanPlan>(planOrphan({ order_no, reason, order, owner }))
    const { client, options } = await gatewayAtVersion(container, order.provider_id, order.settings_version)
    const record = await lookupOrder(client, dataOfOrder(order))
    const { orphans, status_map } = options.provider
    return new StepResponse<OrphanPlan>(planOrphan({ order_no, reason, order, owner, record, orphans, status_map }))
  },
)
