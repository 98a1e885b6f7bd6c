import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { acquiringOf } from "../../../../modules/acquiring"

/** A failed capture stays due, so the next sweep (or an admin) tries it again; undone, the rest are due again. */
export const clearCaptureDueStep = createStep(
  "acquiring-clear-capture-due",
  async ({ due, failed }: { due: string[]; failed: string[] }, { container }) => {
    const keep = new Set(failed)
    const cleared = due.filter((id) => !keep.has(id))
    await acquiringOf(container).clearCaptureDue(cleared)
    return new StepResponse(undefined, cleared)
  },
  async (cleared, { container }) => {
    if (cleared?.length) await acquiringOf(container).markCaptureDue(cleared)
  },
)
