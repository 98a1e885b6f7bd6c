import type { ICacheService, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { handedOver, type HandedOverPage, type HostedPageView } from "../../../providers/acquiring/core/page-handoff"

/** Medusa's cache module (in memory, or Redis when the app scales out) holds each session's hosted page. */
const key = (sessionId: string) => `acquiring:hosted-page:${sessionId}`

function cacheOf(scope: MedusaContainer): ICacheService | undefined {
  return scope.hasRegistration(Modules.CACHE) ? scope.resolve<ICacheService>(Modules.CACHE) : undefined
}

/** Store a handed-over page for the route; false when the app has no cache module. */
export async function storePage(scope: MedusaContainer, sessionId: string, entry: HandedOverPage): Promise<boolean> {
  const cache = cacheOf(scope)
  if (!cache) return false
  await cache.set(key(sessionId), entry.page, entry.ttl_s)
  return true
}

/** The cached page, else the one still waiting in this process. */
export async function loadPage(scope: MedusaContainer, sessionId: string): Promise<HostedPageView | undefined> {
  const cached = await cacheOf(scope)?.get<HostedPageView>(key(sessionId))
  return cached ?? handedOver(sessionId)?.page
}
