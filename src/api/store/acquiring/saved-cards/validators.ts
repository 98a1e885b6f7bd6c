import { z } from "zod"
import { SAVED_CARD_ID } from "../../../../lib/acquiring/saved-cards"

export const SavedCardParams = z.object({
  id: z.string().regex(SAVED_CARD_ID, "must be a saved card id (acqcard_…)"),
})
