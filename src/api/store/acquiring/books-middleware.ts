import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { recordCollectionSessions } from "../../../workflows/acquiring/books"
import { beforeJson } from "../../before-json"

/**
 * POST /store/payment-collections/:id/payment-sessions: the gateway order the new session opened
 * is written into the plugin's books before the storefront gets its page. Medusa deletes a
 * replaced session with its data; the books row outlives it, so a payment on the old page is
 * still found and settled. A failed write is logged, and reconciliation's walk over open
 * sessions records the order on its next run.
 */
export function acquiringBooksMiddleware(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const collectionId = req.params.id
  beforeJson(res, async () => {
    if (res.statusCode >= 300) return
    try {
      await recordCollectionSessions(req.scope, collectionId)
    } catch (e) {
      req.scope
        .resolve(ContainerRegistrationKeys.LOGGER)
        .error(
          `acquiring: could not record the gateway order of collection ${collectionId} in the books: ${(e as Error).message}`,
        )
    }
  })
  next()
}
