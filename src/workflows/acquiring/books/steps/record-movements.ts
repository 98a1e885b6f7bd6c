import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { acquiringOf } from "../../../../modules/acquiring"
import type { MovementInput } from "../../../../modules/acquiring/service"

/** Movements the gateway made: a fact once made, so no compensation takes the record back. */
export const recordMovementsStep = createStep(
  "acquiring-record-movements",
  async (rows: MovementInput[], { container }) => {
    await acquiringOf(container).recordMovements(rows)
    return new StepResponse(rows.length)
  },
)
