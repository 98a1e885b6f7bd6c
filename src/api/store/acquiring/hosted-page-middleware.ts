import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { forget, handedOver } from "../../../lib/acquiring/page-handoff"
import { beforeJson } from "../../before-json"
import { storePage } from "./hosted-page-cache"

type Session = { id?: unknown; data?: Record<string, unknown> | null }
type Body = { payment_collection?: { payment_sessions?: Session[] | null } | null }

/** The hosted page stays out of Medusa's session data: it goes into the cache and into this answer only. */
export function acquiringHostedPageMiddleware(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  beforeJson<Body>(res, (body) => withPages(req, body))
  next()
}

async function withPages(req: MedusaRequest, body: Body): Promise<void> {
  for (const session of body?.payment_collection?.payment_sessions ?? []) {
    const id = typeof session?.id === "string" ? session.id : undefined
    const entry = id ? handedOver(id) : undefined
    if (!id || !entry) continue
    session.data = { ...(session.data ?? {}), ...entry.page }
    try {
      // Stored, the page leaves this process's map; unstored, the map keeps serving it here.
      await storePage(req.scope, id, entry)
      forget(id)
    } catch (e) {
      const logger = req.scope.resolve(ContainerRegistrationKeys.LOGGER)
      logger.warn(
        `acquiring: could not cache the hosted page of session ${id} (${(e as Error).message}); this instance still serves it`,
      )
    }
  }
}
