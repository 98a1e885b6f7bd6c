import type { ConfigModule, Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { acquiringProviderConfigs, type AcquiringProviderConfig } from "../../../lib/acquiring/config"
import type { ReconcileChange } from "./apply"

/** One provider config a run reconciles, and the start of its look-back window (fixed for the whole run). */
export interface ReconcileTarget {
  config_id: string
  since: string
}

/** `halted`: the config failed in this step or an earlier one; later steps skip it. */
export interface TargetPart {
  config_id: string
  halted: boolean
  changes: ReconcileChange[]
  payments_checked?: number
  sessions_checked?: number
}

export type TargetParts = TargetPart[]

/** Read from the app config: step outputs carry ids only. */
export function configOf(container: MedusaContainer, configId: string): AcquiringProviderConfig {
  const config = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE) as ConfigModule
  const found = acquiringProviderConfigs(config).find((c) => c.config_id === configId)
  if (!found)
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `config_ids: no acquiring provider config ${configId} in this app`,
    )
  return found
}

/**
 * Run `work` for every target not halted by an earlier step, one after another. A throw halts
 * that config: what it did so far stays, one error line names it, the other configs go on.
 */
export async function eachTarget(
  container: MedusaContainer,
  targets: ReconcileTarget[],
  previous: TargetParts | undefined,
  work: (c: AcquiringProviderConfig, target: ReconcileTarget, part: TargetPart) => Promise<void>,
): Promise<TargetParts> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER) as Logger
  const parts: TargetParts = []
  for (const target of targets) {
    const part: TargetPart = { config_id: target.config_id, halted: false, changes: [] }
    parts.push(part)
    if (previous?.find((p) => p.config_id === target.config_id)?.halted) {
      part.halted = true
      continue
    }
    try {
      await work(configOf(container, target.config_id), target, part)
    } catch (e) {
      logger.error(`acquiring: reconciliation of ${target.config_id} failed: ${(e as Error).message}`)
      part.changes.push({ kind: "error", order_no: "", detail: `${target.config_id}: ${(e as Error).message}` })
      part.halted = true
    }
  }
  return parts
}
