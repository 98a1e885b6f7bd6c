import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { GraphRow } from "../../../lib/acquiring/queries/graph"
import { recordOpenedSessions, sessionsOfCollection } from "../../../lib/acquiring/books/opened"
import { beforeJson } from "../../before-json"
import { rememberedCart } from "./collection-cart"

type Body = { payment_collection?: { payment_sessions?: unknown } | null }

/**
 * Medusa deletes a replaced session with its data; the books row lets a payment on the old page be settled.
 * A failed write is logged; reconciliation records the order on its next run.
 */
export function acquiringBooksMiddleware(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const collectionId = req.params.id
  beforeJson<Body>(res, async (body) => {
    if (res.statusCode >= 300) return
    try {
      await recordAnswered(req, collectionId, body)
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

/** The sessions as Medusa's answer lists them, else as the collection holds them; then their books rows. */
async function recordAnswered(req: MedusaRequest, collectionId: string, body: Body): Promise<void> {
  const sessions = sessionsOfAnswer(body, collectionId) ?? (await sessionsOfCollection(req.scope, collectionId))
  await recordOpenedSessions(req.scope, sessions, rememberedCart(req))
}

/**
 * Medusa's answer refetches the collection with its sessions after the workflow, so they need no
 * second read; but the shopper chooses its fields (`?fields=`): null unless every session carries
 * what a books row is made of.
 */
function sessionsOfAnswer(body: Body, collectionId: string): GraphRow[] | null {
  const sessions = body?.payment_collection?.payment_sessions
  if (!Array.isArray(sessions)) return null
  const whole = (s: GraphRow | null) =>
    typeof s?.id === "string" &&
    typeof s.provider_id === "string" &&
    !!s.data &&
    typeof s.data === "object" &&
    s.created_at != null
  if (!sessions.every(whole)) return null
  return (sessions as GraphRow[]).map((s) => ({ ...s, payment_collection_id: collectionId }))
}
