import type { IPaymentModuleService } from "@medusajs/framework/types"
import { BigNumber, MathBN, MedusaError, Modules } from "@medusajs/framework/utils"
import {
  createStep,
  createWorkflow,
  StepResponse,
  transform,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { authorizePaymentSessionStep } from "@medusajs/medusa/core-flows"
import { ADOPT_KEY, adoptionTicket } from "../../../lib/acquiring/adoption"
import { releasedData } from "../../../lib/acquiring/kept"
import { readData } from "../../../lib/acquiring/payment-data"
import { sealKeyOf } from "../../../lib/acquiring/snapshot/seal"
import { paymentNow } from "../notifications/payment-of-session"
import { updatePaymentDataStep } from "../notifications/steps/update-payment-data"
import { gatewaysFor } from "../../../lib/acquiring/gateways"
import { keptOfOrders } from "./orders"

export interface AdoptKeptInput {
  order_id: string
  payment_id: string
}

interface AdoptionPlan {
  collection_id: string
  provider_id: string
  currency_code: string
  amount: BigNumber
  data: Record<string, unknown>
}

function refuse(type: string, message: string): never {
  throw new MedusaError(type, message)
}

const planAdoptionStep = createStep("acquiring-plan-kept-adoption", async (input: AdoptKeptInput, { container }) => {
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
  if (open.currency_code.toUpperCase() !== kept.data.currency)
    refuse(MedusaError.Types.NOT_ALLOWED, "The open collection is in another currency.")
  const key = sealKeyOf(gatewaysFor(container)(kept.provider_id).options)
  const plan: AdoptionPlan = {
    collection_id: open.id,
    provider_id: kept.provider_id,
    currency_code: open.currency_code,
    // Never more than the collection still asks for (an edit may have lowered the total); the gateway captures part of an authorisation.
    amount: new BigNumber(MathBN.min(MathBN.convert(kept.data.amount), MathBN.convert(open.amount as never))),
    data: { [ADOPT_KEY]: adoptionTicket(key, kept.payment_id, open.id) },
  }
  return new StepResponse(plan)
})

/** A session on the open collection carrying the kept gateway order; deleting it never voids that order. */
const createAdoptingSessionStep = createStep(
  "acquiring-create-adopting-session",
  async (plan: AdoptionPlan, { container }) => {
    const payments = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
    const { collection_id, ...session } = plan
    const created = await payments.createPaymentSession(collection_id, session)
    return new StepResponse(created, created.id)
  },
  async (id, { container }) => {
    if (id) await container.resolve<IPaymentModuleService>(Modules.PAYMENT).deletePaymentSession(id)
  },
)

/** The kept payment's data once adopted; written back as it was if authorising fails. */
const adoptedDataStep = createStep(
  "acquiring-kept-adopted-data",
  async (input: { payment_id: string; session_id: string }, { container }) => {
    const now = await paymentNow(container, input.payment_id)
    const data = releasedData(readData(now?.data), "adopted", new Date(), input.session_id)
    return new StepResponse({ payment_id: input.payment_id, data, previous: now?.data ?? {} })
  },
)

/**
 * The merchant takes a kept authorisation after all (the shopper never paid the edit's new
 * collection): it becomes a payment of that open collection through Medusa's own
 * authorisation (the provider asks the gateway), so capture, refund and the order's
 * summary work as for any payment. Authorising is last: nothing after it can undo it.
 */
export const adoptKeptAuthorisationWorkflow = createWorkflow(
  "acquiring-adopt-kept-authorisation",
  (input: AdoptKeptInput) => {
    const plan = planAdoptionStep(input)
    const session = createAdoptingSessionStep(plan)
    const adopted = adoptedDataStep(
      transform({ input, session }, ({ input, session }) => ({ payment_id: input.payment_id, session_id: session.id })),
    )
    updatePaymentDataStep(adopted)
    const payment = authorizePaymentSessionStep({ id: session.id, context: {} })
    return new WorkflowResponse(payment)
  },
)
