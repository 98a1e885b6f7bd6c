import type { MedusaContainer } from "@medusajs/framework/types"
import type { AcquiringProviderConfig } from "../config"
import type { AcquiringOptions } from "../options"
import type { EffectiveSettings } from "./effective"

type Owner = { effectiveSettings(configId: string): Promise<EffectiveSettings> }

/**
 * The options of a provider entry under its newest saved settings (one indexed read; the owner
 * keeps the client per version), or medusa-config.ts alone without our module. Null while the
 * entry lacks its connection fields: nothing to reconcile or sweep at a gateway not yet named.
 */
export async function currentOptions(
  container: MedusaContainer,
  c: AcquiringProviderConfig,
): Promise<AcquiringOptions | null> {
  const owner = container.resolve<Owner | undefined>("acquiring", { allowUnregistered: true })
  if (!owner?.effectiveSettings) return c.missing?.length ? null : c.options
  const s = await owner.effectiveSettings(c.config_id)
  return s.missing.length ? null : s.options
}

/** The newest saved options of a provider id (null without our module or an entry of that id). */
export async function latestOptions(container: MedusaContainer, providerId: string): Promise<AcquiringOptions | null> {
  const owner = container.resolve<Owner | undefined>("acquiring", { allowUnregistered: true })
  if (!owner?.effectiveSettings) return null
  return (await owner.effectiveSettings(providerId).catch(() => null))?.options ?? null
}
