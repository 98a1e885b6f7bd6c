import type { MedusaContainer } from "@medusajs/framework/types"
import { answerClassOf } from "../../../lib/acquiring/http-answer"
import { notificationDialect, storedNotificationFields } from "../../../lib/acquiring/notification-fields"
import type { NotificationDTO } from "../../../modules/acquiring"
import { booksOf } from "./books"

export interface ReceivedNotification {
  hook: "notify" | "payout"
  body: unknown
  status: number
  reply: string
  changed?: string | null
  /** When the delivery arrived (the row's created_at); now when not given. */
  received_at?: Date
}

/** accepted: answered 2xx; refused: the gateway is told not to retry (4xx); failed: it will retry (5xx). */
export const verdictOf = (status: number): NotificationDTO["verdict"] => {
  const answer = answerClassOf(status)
  return answer === "ok" ? "accepted" : answer
}

const text = (v: unknown) => (typeof v === "string" && v ? v : null)

/** One row per delivery, with the fields as stored (card data masked) and our answer. */
export async function recordNotification(scope: MedusaContainer, n: ReceivedNotification): Promise<NotificationDTO> {
  const fields = storedNotificationFields(n.body)
  const [row] = await booksOf(scope).createNotifications([
    {
      hook: n.hook,
      dialect: notificationDialect(n.body),
      order_no: text(fields.order_no ?? fields.orderNo),
      notify_type: text(fields.notify_type) ?? (n.hook === "payout" ? "payout" : "payment"),
      verdict: verdictOf(n.status),
      reply_status: n.status,
      reply_body: n.reply.slice(0, 2000),
      changed: n.changed ?? null,
      fields,
      ...(n.received_at && { created_at: n.received_at }),
    },
  ])
  return row
}
