import type { NotificationDTO } from "../../../../modules/acquiring"

/** The columns a list needs: never the fields (the list is searched often; the body is opened one at a time). */
export const LISTED_FIELDS = [
  "id",
  "hook",
  "dialect",
  "order_no",
  "notify_type",
  "verdict",
  "reply_status",
  "changed",
  "attempts",
  "created_at",
  "updated_at",
] as const

export type ListedNotification = Pick<NotificationDTO, (typeof LISTED_FIELDS)[number]>

/** One notification opened: the stored fields (card data was masked before they were stored) and our reply. */
export type PresentedNotification = ListedNotification & {
  fields: Record<string, string>
  reply_body: string
}

export const presentListed = (n: ListedNotification): ListedNotification =>
  Object.fromEntries(LISTED_FIELDS.map((k) => [k, n[k]])) as ListedNotification

export const presentNotification = (n: NotificationDTO): PresentedNotification => ({
  ...presentListed(n),
  fields: (n.fields ?? {}) as Record<string, string>,
  reply_body: n.reply_body,
})
