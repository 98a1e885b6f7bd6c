import type { HostedForm } from "../../gateway/schemas"
import { sealText, verifySealed } from "./snapshot/seal"

/**
 * The hosted page (form + raw HTML) of a new session, handed from the provider to the store
 * routes of the same process. It is kept out of Medusa's session data because Medusa copies
 * that data into every checkpoint of cart completion (bench/p2-checkout.ts: 42 checkpoints per checkout).
 * The session route moves it to Medusa's cache and into its answer; this map is bounded in
 * count and age, and serves as the fallback for sessions started outside that route.
 */
export interface HostedPageView {
  /** The gateway's form, less the parser's breakdown of where each field came from. */
  form: Pick<HostedForm, "action" | "method" | "fields">
  html: string | null
}

export interface HandedOverPage {
  page: HostedPageView
  /** How long the store route offers the page (provider option hosted_page_ttl_s). */
  ttl_s: number
}

/** At most this many pages wait in one process (≈ 20 KB each). */
export const HANDOFF_MAX = 500

type Waiting = Map<string, HandedOverPage & { expires: number }>

/**
 * One map per process, not per copy of this file: a pnpm workspace whose storefront also installs
 * the plugin (for its storefront kit) can leave two copies, and Medusa may load the provider from
 * one and the routes from the other (docs/storefront-dtc-starter.md).
 */
const HANDOFF = Symbol.for("medusa-plugin-acquiring.page-handoff")
const pages: Waiting = ((globalThis as Record<symbol, Waiting | undefined>)[HANDOFF] ??= new Map())

export function handOver(sessionId: string, entry: HandedOverPage, now = Date.now()): void {
  pages.delete(sessionId) // re-inserted last: the oldest entry is dropped first
  pages.set(sessionId, { ...entry, expires: now + entry.ttl_s * 1000 })
  if (pages.size > HANDOFF_MAX) pages.delete(pages.keys().next().value!)
}

/** The page handed over for this session, while it is fresh. */
export function handedOver(sessionId: string, now = Date.now()): HandedOverPage | undefined {
  const e = pages.get(sessionId)
  if (e && e.expires > now) return { page: e.page, ttl_s: e.ttl_s }
  if (e) pages.delete(sessionId)
  return undefined
}

/** Forget a page once it is stored elsewhere. */
export function forget(sessionId: string): void {
  pages.delete(sessionId)
}

/** Where a storefront fetches the page again later (src/api/store/acquiring/payment-sessions). */
export const hostedPagePath = (sessionId: string) => `/store/acquiring/payment-sessions/${sessionId}/hosted-page`

export { PAGE_TOKEN_HEADER } from "./snapshot/storefront-data"

const tokenText = (sessionId: string) => `hosted_page\n${sessionId}`

/**
 * Proof that the caller may see a session's page (it holds the shopper's personal data): a seal
 * of the session id, kept in the session data, which Medusa shows only to whoever holds the cart
 * (or created the session). The session id alone travels in return URLs, so it proves nothing.
 */
export const pageToken = (key: Buffer, sessionId: string) => sealText(key, tokenText(sessionId))

export const isPageToken = (key: Buffer, sessionId: string, token: unknown) =>
  typeof token === "string" && verifySealed(key, tokenText(sessionId), token)
