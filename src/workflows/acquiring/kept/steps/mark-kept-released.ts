import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { KeptOutcome } from "../../../../lib/acquiring/kept"
import { acquiringOf } from "../../../../modules/acquiring"

export interface KeptReleased {
  payment_id: string
  outcome: KeptOutcome
  adopted_by_session?: string
}

const RELEASE_FIELDS = ["id", "released_at", "outcome", "adopted_by_session"] as const

/** Closes the kept row (none for a payment the books never recorded); the undo reopens it. */
export const markKeptReleasedStep = createStep(
  "acquiring-mark-kept-released",
  async (input: KeptReleased, { container }) => {
    const books = acquiringOf(container)
    const [row] = await books.listKeptAuthorisations({ payment_id: input.payment_id }, { select: [...RELEASE_FIELDS] })
    if (!row) return new StepResponse(undefined)
    await books.updateKeptAuthorisations({
      id: row.id,
      released_at: new Date(),
      outcome: input.outcome,
      adopted_by_session: input.adopted_by_session ?? null,
    })
    return new StepResponse(undefined, row)
  },
  async (row, { container }) => {
    if (row) await acquiringOf(container).updateKeptAuthorisations(row as never)
  },
)
