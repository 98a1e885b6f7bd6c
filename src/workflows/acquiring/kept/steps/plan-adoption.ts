import { BigNumber, ContainerRegistrationKeys, MathBN, MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ADOPT_KEY, adoptionTicket } from "../../../../lib/acquiring/adoption"
import { acquiringOptionsFor } from "../../../../lib/acquiring/config"
import { keptOfOrders } from "../../../../lib/acquiring/queries/kept"
import { sealKeyOf } from "../../../../lib/acquiring/snapshot/seal"

export interface AdoptKeptInput {
  order_id: string
  payment_id: string
}

export interface AdoptionPlan {
  collection_id: string
  provider_id: string
  currency_code: string
  amount: BigNumber
  data: Record<string, unknown>
}

function refuse(type: string, message: string): never {
  throw new MedusaError(type, message)
}

/** The session to create on the order's open collection, or a typed refusal saying why there is none. */
export const planAdoptionStep = createStep(
  "acquiring-plan-kept-adoption",
  async (input: AdoptKeptInput, { container }) => {
    const [order] = await keptOfOrders(container, [input.order_id])
    const kept = order?.kept.find((k) => k.payment_id === input.payment_id)
    if (!kept)
      refuse(
        MedusaError.Types.NOT_FOUND,
        `Payment ${input.payment_id} of order ${input.order_id} holds no kept authorisation.`,
      )
    if (order.canceled)
      refuse(MedusaError.Types.NOT_ALLOWED, "The order is canceled: its kept authorisation is voided, not captured.")
    const open = order.open
    if (!open)
      refuse(
        MedusaError.Types.NOT_ALLOWED,
        "The order has no unpaid payment collection to record the kept authorisation on.",
      )
    if (open.currency_code.toUpperCase() !== kept.currency_code)
      refuse(MedusaError.Types.NOT_ALLOWED, "The open collection is in another currency.")
    // The provider opens the ticket with medusa-config's key alone, whatever the admin saved.
    const options = acquiringOptionsFor(container.resolve(ContainerRegistrationKeys.CONFIG_MODULE), kept.provider_id)
    if (!options) refuse(MedusaError.Types.NOT_FOUND, `${kept.provider_id} is not an acquiring provider of this app`)
    const key = sealKeyOf(options)
    const plan: AdoptionPlan = {
      collection_id: open.id,
      provider_id: kept.provider_id,
      currency_code: open.currency_code,
      // Never more than the collection still asks for (an edit may have lowered the total); the gateway captures part of an authorisation.
      amount: new BigNumber(MathBN.min(MathBN.convert(kept.amount), MathBN.convert(open.amount as never))),
      data: { [ADOPT_KEY]: adoptionTicket(key, kept.payment_id, open.id) },
    }
    return new StepResponse(plan)
  },
)
