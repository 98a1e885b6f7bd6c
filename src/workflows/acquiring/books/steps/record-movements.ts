import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { booksOf } from "../../../../modules/acquiring/books-of"
import type { MovementInput } from "../../../../modules/acquiring/service"

/** Movements the gateway made: a fact once made, so no compensation takes the record back. */
export const recordMovementsStep = createStep(
  "acquiring-record-movements",
  async (rows: MovementInput[], { container }) => {
    await booksOf(container).recordMovements(rows)
    return new StepResponse(rows.length)
  },
)
