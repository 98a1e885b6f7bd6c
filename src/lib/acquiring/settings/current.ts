import type { MedusaContainer } from "@medusajs/framework/types"
import type { AcquiringProviderConfig } from "../config"
import type { AcquiringOptions } from "../options"
import type { EffectiveSettings } from "./effective"

type Owner = { effectiveSettings(configId: string): Promise<EffectiveSettings> }

/** A provider's options under its newest saved settings; null while connection fields are missing. */
export async function currentOptions(
  container: MedusaContainer,
  c: AcquiringProviderConfig,
): Promise<AcquiringOptions | null> {
  const owner = container.resolve<Owner | undefined>("acquiring", { allowUnregistered: true })
  if (!owner?.effectiveSettings) return c.missing?.length ? null : c.options
  const s = await owner.effectiveSettings(c.config_id)
  return s.missing.length ? null : s.options
}

export async function latestOptions(container: MedusaContainer, providerId: string): Promise<AcquiringOptions | null> {
  const owner = container.resolve<Owner | undefined>("acquiring", { allowUnregistered: true })
  if (!owner?.effectiveSettings) return null
  return (await owner.effectiveSettings(providerId).catch(() => null))?.options ?? null
}
