import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { acquiringOf } from "../../../../modules/acquiring"

export interface GatewayOrderUpdate {
  id: string
  data: Record<string, unknown>
}

/** One books row's fields; compensation puts back what they were. */
export const updateGatewayOrderStep = createStep(
  "acquiring-update-gateway-order",
  async ({ id, data }: GatewayOrderUpdate, { container }) => {
    const books = acquiringOf(container)
    const fields = Object.keys(data)
    const [before] = await books.listGatewayOrders({ id }, { select: ["id", ...fields] })
    await books.updateGatewayOrders({ id, ...data })
    const previous = before ? Object.fromEntries(fields.map((k) => [k, (before as Record<string, unknown>)[k]])) : null
    return new StepResponse(id, previous && { id, data: previous })
  },
  async (undo, { container }) => {
    if (!undo) return
    await acquiringOf(container).updateGatewayOrders({ id: undo.id, ...undo.data })
  },
)
