import type { ConfigModule, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { acquiringProviderConfigs } from "../config"
import { currentOptions } from "../settings/current"
import { acquiringOf } from "../../../modules/acquiring"

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * The smallest `notification_retention_days` of the configured providers, as each one's newest saved settings
 * say: the rows are shared, the strictest wins.
 */
export async function notificationRetentionDays(scope: MedusaContainer): Promise<number | null> {
  const configs = acquiringProviderConfigs(scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE) as ConfigModule)
  const options = await Promise.all(configs.map(async (c) => (await currentOptions(scope, c)) ?? c.options))
  const days = options.map((o) => o.provider.notification_retention_days)
  return days.length ? Math.min(...days) : null
}

/** A row counting identical refused deliveries stays while they keep coming. */
export async function sweepNotifications(scope: MedusaContainer, now: Date = new Date()): Promise<number> {
  const days = await notificationRetentionDays(scope)
  if (days === null) return 0
  const before = new Date(now.getTime() - days * DAY_MS)
  const old = { $or: [{ last_seen_at: { $lt: before } }, { last_seen_at: null, created_at: { $lt: before } }] }
  const books = acquiringOf(scope)
  const [, count] = await books.listAndCountNotifications(old, { select: ["id"], take: 1 })
  if (count) await books.deleteNotifications(old as never)
  const seals = { created_at: { $lt: before } }
  if ((await books.listNotificationSeals(seals, { select: ["id"], take: 1 })).length)
    await books.deleteNotificationSeals(seals as never)
  return count
}
