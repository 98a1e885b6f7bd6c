import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { releasedData } from "../../../../lib/acquiring/kept"
import { readData } from "../../../../lib/acquiring/payment-data"
import { paymentNow } from "../../../../lib/acquiring/queries/notice-payment"

/** The kept payment's data once adopted; written back as it was if authorising fails. */
export const adoptedDataStep = createStep(
  "acquiring-kept-adopted-data",
  async (input: { payment_id: string; session_id: string }, { container }) => {
    const now = await paymentNow(container, input.payment_id)
    const data = releasedData(readData(now?.data), "adopted", new Date(), input.session_id)
    return new StepResponse({ payment_id: input.payment_id, data, previous: now?.data ?? {} })
  },
)
