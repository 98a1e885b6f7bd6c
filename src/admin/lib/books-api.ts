import type { ListedNotification, PresentedNotification } from "../../api/admin/acquiring/notifications/present"
import type { UnmatchedPayment } from "../../api/admin/acquiring/unmatched/present"
import { sdk } from "./sdk"

export type { ListedNotification, PresentedNotification, UnmatchedPayment }

const BASE = "/admin/acquiring"

type Wire<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] }

export const VERDICTS = ["accepted", "refused", "failed"] as const
export const KINDS = ["payment", "review", "refund", "dispute", "payout"] as const

export interface NotificationSearch {
  order_no: string
  notify_type: string
  verdict: string
  /** yyyy-mm-dd from the date inputs, read as whole days in the admin's time zone. */
  after: string
  before: string
}

export const EMPTY_SEARCH: NotificationSearch = { order_no: "", notify_type: "", verdict: "", after: "", before: "" }

export function searchQuery(s: NotificationSearch): Record<string, string> {
  const q: Record<string, string> = {}
  if (s.order_no.trim()) q.order_no = s.order_no.trim()
  if (s.notify_type) q.notify_type = s.notify_type
  if (s.verdict) q.verdict = s.verdict
  if (s.after) q.created_after = new Date(`${s.after}T00:00:00`).toISOString()
  if (s.before) q.created_before = new Date(`${s.before}T23:59:59.999`).toISOString()
  return q
}

export const listNotifications = (search: NotificationSearch, limit: number, offset: number) =>
  sdk.client.fetch<{ notifications: Wire<ListedNotification>[]; count: number }>(`${BASE}/notifications`, {
    query: { ...searchQuery(search), limit, offset },
  })

export const getNotification = (id: string) =>
  sdk.client.fetch<{ notification: Wire<PresentedNotification> }>(`${BASE}/notifications/${encodeURIComponent(id)}`)

/** Verified again from scratch by the hook's own handling; answers the row with its new verdict. */
export const processAgain = (id: string) =>
  sdk.client.fetch<{ notification: Wire<PresentedNotification> }>(
    `${BASE}/notifications/${encodeURIComponent(id)}/process`,
    { method: "POST" },
  )

/** `orphans`: gateway orders with no Medusa order; `orders`: orders whose money and status disagree. */
export const listUnmatched = (limit: number, offset: number, list: "orphans" | "orders" = "orphans") =>
  sdk.client.fetch<{ unmatched: Wire<UnmatchedPayment>[]; count: number }>(`${BASE}/unmatched`, {
    query: { list, limit, offset },
  })

/** Only these can be processed again (the route answers 409 for an accepted one). */
export const canProcessAgain = (verdict: string) => verdict === "refused" || verdict === "failed"

/** A refusal's message (the hooks answer `{ type, message }`); `success` and anything else as stored. */
export function replyMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown }
    return typeof parsed?.message === "string" ? parsed.message : body
  } catch {
    return body
  }
}
