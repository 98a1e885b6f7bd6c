import type { IPaymentModuleService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { AdoptionPlan } from "./plan-adoption"

/** A session on the open collection carrying the kept gateway order; deleting it never voids that order. */
export const createAdoptingSessionStep = createStep(
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
