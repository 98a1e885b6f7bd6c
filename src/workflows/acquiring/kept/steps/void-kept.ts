import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { cancel } from "../../../../lib/acquiring/operations"
import { isKept, releasedData } from "../../../../lib/acquiring/kept"
import type { ReleaseOutcome } from "../../../../lib/acquiring/kept-orders"
import { readData } from "../../../../lib/acquiring/payment-data"
import { gatewaysOfOrders } from "../../../../lib/acquiring/gateways"
import { paymentNow } from "../../../../lib/acquiring/queries/notice-payment"
import { recordMovementsAfterSend } from "../../../../lib/acquiring/books/movements"

export interface ReleaseKeptInput {
  payment_id: string
  provider_id: string
  outcome: ReleaseOutcome
}

/** A void is final, so it is the first step and nothing before it needs undoing. */
export const voidKeptStep = createStep(
  "acquiring-void-kept-authorisation",
  async (input: ReleaseKeptInput, { container }) => {
    const now = await paymentNow(container, input.payment_id)
    const data = readData(now?.data)
    if (!isKept(data)) return new StepResponse(null)
    const [{ client }] = await gatewaysOfOrders(container, input.provider_id, [data])
    const voided = await cancel(client, data, { strict: true })
    await recordMovementsAfterSend(container, [
      {
        order_no: data.order_no,
        kind: "cancel",
        source: "kept",
        payment_id: input.payment_id,
        amount: data.amount,
        currency_code: data.currency,
        outcome: "done",
        answer: { payment_status: voided.payment_status ?? null, outcome: input.outcome },
      },
    ])
    return new StepResponse({
      payment_id: input.payment_id,
      previous: now!.data,
      data: releasedData(voided, input.outcome, new Date()),
    })
  },
)
