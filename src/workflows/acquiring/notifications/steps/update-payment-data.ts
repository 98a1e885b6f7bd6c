import type { IPaymentModuleService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { writePaymentData } from "../../../../lib/acquiring/payment-data"

export interface PaymentDataUpdate {
  payment_id: string
  data: Record<string, unknown>
  /** The data as read under the payment's lock: put back if a later step fails. */
  previous: Record<string, unknown>
}

/** Write a payment's data through the payment module; undone by writing back what it was. */
export const updatePaymentDataStep = createStep(
  "acquiring-update-payment-data",
  async (input: PaymentDataUpdate, { container }) => {
    await writePaymentData(container.resolve<IPaymentModuleService>(Modules.PAYMENT), input.payment_id, input.data)
    return new StepResponse(undefined, { payment_id: input.payment_id, data: input.previous })
  },
  async (undo, { container }) => {
    if (undo)
      await writePaymentData(container.resolve<IPaymentModuleService>(Modules.PAYMENT), undo.payment_id, undo.data)
  },
)
