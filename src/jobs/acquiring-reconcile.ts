import { randomUUID } from "node:crypto"
import type { ConfigModule, ILockingModule, Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { acquiringProviderConfigs } from "../lib/acquiring/config"
import { currentOptions } from "../lib/acquiring/settings/current"
import { sweepNotifications } from "../lib/acquiring/books/retention"
import { reconcileWorkflow } from "../workflows/acquiring/reconcile/workflow"
import { LOCK_KEYS } from "../lib/acquiring/lock-keys"

/**
 * The "due" lock lives shorter than the interval: a run takes it a little after its tick, so a lock
 * of exactly the interval would still be held at the next tick and every run would slip.
 */
export const DUE_SLACK_SECONDS = 30
export const SWEEP_EVERY_SECONDS = 3600

const tickOf = (d: Date) => d.toISOString().slice(0, 16)

/**
 * Jobs get no plugin options and a fixed schedule: tick every minute, and each provider config
 * decides with its own options. "Due" is a cluster-wide lock, so one run per interval.
 */
export default async function acquiringReconcileJob(container: MedusaContainer, context?: { scheduledFor?: Date }) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER) as Logger
  const config = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE) as ConfigModule
  const locking = container.resolve(Modules.LOCKING)
  const tick = tickOf(context?.scheduledFor ?? new Date(Date.now()))
  for (const c of acquiringProviderConfigs(config)) {
    const options = await currentOptions(container, c)
    if (!options?.provider.reconcile_enabled) continue
    try {
      await locking.acquire(LOCK_KEYS.reconcileDue(c.config_id), {
        ownerId: randomUUID(),
        expire: Math.max(options.provider.reconcile_interval_minutes * 60 - DUE_SLACK_SECONDS, 1),
      })
    } catch {
      continue // not due yet, or another instance runs it
    }
    const { result: report } = await reconcileWorkflow(container).run({ input: { config_ids: [c.config_id] } })
    const summary = report.changes.map((ch) => ch.kind).join(", ") || "no changes"
    logger.info(
      `acquiring: reconciliation of ${c.config_id} (tick ${tick}): ${report.payments_checked} payments, ${report.sessions_checked} open carts checked; ${summary}`,
    )
  }
  await sweepOldNotifications(container, locking, logger)
}

/**
 * The books' retention, after the run: once an hour across the cluster (a due lock as above), also
 * when every provider has reconciliation off, since retention is a promise to delete. A failed
 * sweep is only logged: the next one deletes what this one left.
 */
async function sweepOldNotifications(container: MedusaContainer, locking: ILockingModule, logger: Logger) {
  try {
    await locking.acquire(LOCK_KEYS.retentionDue, { ownerId: randomUUID(), expire: SWEEP_EVERY_SECONDS })
  } catch {
    return // swept within the hour
  }
  try {
    const deleted = await sweepNotifications(container)
    if (deleted) logger.info(`acquiring: ${deleted} notifications past their retention deleted from the books`)
  } catch (e) {
    logger.warn(`acquiring: the notification retention sweep failed: ${(e as Error).message}`)
  }
}

export const config = {
  name: "acquiring-reconcile",
  schedule: "* * * * *",
}
