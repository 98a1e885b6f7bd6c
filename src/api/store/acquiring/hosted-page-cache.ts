import type { MedusaContainer } from "@medusajs/framework/types"
import { cacheOf } from "../../../lib/cache"
import { handedOver, type HandedOverPage, type HostedPageView } from "../../../lib/acquiring/page-handoff"

const key = (sessionId: string) => `acquiring:hosted-page:${sessionId}`

/** Store a handed-over page for the route, for its ttl. */
export async function storePage(scope: MedusaContainer, sessionId: string, entry: HandedOverPage): Promise<void> {
  await cacheOf(scope).set(key(sessionId), entry.page, entry.ttl_s)
}

/** The cached page, else the one still waiting in this process. */
export async function loadPage(scope: MedusaContainer, sessionId: string): Promise<HostedPageView | undefined> {
  return (await cacheOf(scope).get<HostedPageView>(key(sessionId))) ?? handedOver(sessionId)?.page
}
