import type { IPaymentModuleService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { blanked, writePaymentData } from "../../../../lib/acquiring/payment-data"

export interface PaymentDataUpdate {
  payment_id: string
  data: Record<string, unknown>
  previous: Record<string, unknown>
}

/**
 * The module merges `data` into what is stored, so the undo also blanks keys this write added
 * (e.g. a sealed confirmed_capture), which writing `previous` alone would leave.
 */
export const updatePaymentDataStep = createStep(
  "acquiring-update-payment-data",
  async (input: PaymentDataUpdate, { container }) => {
    await writePaymentData(container.resolve<IPaymentModuleService>(Modules.PAYMENT), input.payment_id, input.data)
    const added = Object.keys(input.data).filter((k) => !(k in input.previous))
    return new StepResponse(undefined, { payment_id: input.payment_id, data: input.previous, added })
  },
  async (undo, { container }) => {
    if (!undo) return
    const data = { ...undo.data, ...blanked(undo.added ?? []) }
    await writePaymentData(container.resolve<IPaymentModuleService>(Modules.PAYMENT), undo.payment_id, data)
  },
)
