import { z } from "zod"
import { SAVED_CARD_ID } from "../../../../lib/acquiring/saved-cards"

/** DELETE /store/acquiring/saved-cards/:id (and the admin route's :id). */
export const SavedCardParams = z.object({
  id: z.string().regex(SAVED_CARD_ID, "must be a saved card id (acqcard_…)"),
})
