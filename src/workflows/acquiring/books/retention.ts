import type { ConfigModule, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { acquiringProviderConfigs } from "../../../lib/acquiring/config"
import { booksOf } from "./books"

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * How long the books keep notifications: the smallest `notification_retention_days` of the
 * configured acquiring providers (the rows are shared; the strictest promise to delete wins).
 * null when no acquiring provider is configured.
 */
export function notificationRetentionDays(config: ConfigModule): number | null {
  const days = acquiringProviderConfigs(config).map((c) => c.options.provider.notification_retention_days)
  return days.length ? Math.min(...days) : null
}

/** Delete the notifications older than the retention; answers how many went. */
export async function sweepNotifications(scope: MedusaContainer, now: Date = new Date()): Promise<number> {
  const days = notificationRetentionDays(scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE) as ConfigModule)
  if (days === null) return 0
  const old = { created_at: { $lt: new Date(now.getTime() - days * DAY_MS) } }
  const books = booksOf(scope)
  const [, count] = await books.listAndCountNotifications(old, { select: ["id"], take: 1 })
  if (count) await books.deleteNotifications(old as never)
  return count
}
