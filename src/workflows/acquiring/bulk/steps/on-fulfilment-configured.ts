import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { onFulfilmentProviders } from "../../../../lib/acquiring/bulk/on-fulfilment"

export const onFulfilmentConfiguredStep = createStep(
  "acquiring-on-fulfilment-configured",
  async (_: void, { container }) => {
    return new StepResponse(!!onFulfilmentProviders(container))
  },
)
