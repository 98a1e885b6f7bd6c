import type { HostedForm } from "../../gateway/schemas"
import { sealText, verifySealed } from "./snapshot/seal"

/** Handed from the provider to the store routes: kept out of session data, which Medusa copies into every checkpoint. */
export interface HostedPageView {
  /** The gateway's form, less the parser's breakdown of where each field came from. */
  form: Pick<HostedForm, "action" | "method" | "fields">
  html: string | null
}

export interface HandedOverPage {
  page: HostedPageView
  ttl_s: number
}

export const HANDOFF_MAX = 500

type Waiting = Map<string, HandedOverPage & { expires: number }>

/** Per process, not per module copy: a workspace may load the provider and the routes from two installs. */
const HANDOFF = Symbol.for("medusa-plugin-acquiring.page-handoff")
const pages: Waiting = ((globalThis as Record<symbol, Waiting | undefined>)[HANDOFF] ??= new Map())

export function handOver(sessionId: string, entry: HandedOverPage, now = Date.now()): void {
  pages.delete(sessionId) // re-inserted last: the oldest entry is dropped first
  pages.set(sessionId, { ...entry, expires: now + entry.ttl_s * 1000 })
  if (pages.size > HANDOFF_MAX) pages.delete(pages.keys().next().value!)
}

export function handedOver(sessionId: string, now = Date.now()): HandedOverPage | undefined {
  const e = pages.get(sessionId)
  if (e && e.expires > now) return { page: e.page, ttl_s: e.ttl_s }
  if (e) pages.delete(sessionId)
  return undefined
}

export function forget(sessionId: string): void {
  pages.delete(sessionId)
}

export const hostedPagePath = (sessionId: string) => `/store/acquiring/payment-sessions/${sessionId}/hosted-page`

export { PAGE_TOKEN_HEADER } from "./snapshot/storefront-data"

const tokenText = (sessionId: string) => `hosted_page\n${sessionId}`

/**
 * Proof the caller may see a session's page (it holds personal data): a seal in the session data, which
 * Medusa shows only to the cart's holder. The bare session id travels in return URLs, so proves nothing.
 */
export const pageToken = (key: Buffer, sessionId: string) => sealText(key, tokenText(sessionId))

export const isPageToken = (key: Buffer, sessionId: string, token: unknown) =>
  typeof token === "string" && verifySealed(key, tokenText(sessionId), token)
