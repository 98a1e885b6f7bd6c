import type { ConfigModule, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import {
  configuredSecretFields,
  storedNotificationFields,
  type FieldRules,
} from "../../../../lib/acquiring/notification-fields"
import type { NotificationDTO } from "../../../../modules/acquiring"

/** Never the fields: the list is searched often, a body opened one at a time. */
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
  "deliveries",
  "last_seen_at",
  "created_at",
  "updated_at",
] as const

export type ListedNotification = Pick<NotificationDTO, (typeof LISTED_FIELDS)[number]>

export type PresentedNotification = ListedNotification & {
  fields: Record<string, string>
  reply_body: string
}

export const presentListed = (n: ListedNotification): ListedNotification =>
  Object.fromEntries(LISTED_FIELDS.map((k) => [k, n[k]])) as ListedNotification

/** Never the signature; masked again, for rows stored before the books masked secrets. */
export const presentNotification = (n: NotificationDTO, rules: FieldRules): PresentedNotification => ({
  ...presentListed(n),
  fields: storedNotificationFields(n.fields ?? {}, rules),
  reply_body: n.reply_body,
})

export const fieldRulesOf = (scope: MedusaContainer): FieldRules => ({
  secretFields: configuredSecretFields(scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE) as ConfigModule),
})
