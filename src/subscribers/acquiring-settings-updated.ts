import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import type { EffectiveSettings } from "../lib/acquiring/settings/effective"

/** A save on any instance: read the new version now so calls that read settings without I/O use it next. */
export default async function acquiringSettingsUpdated({
  event,
  container,
}: SubscriberArgs<{ provider_id: string; version: number }>) {
  const owner = container.resolve<{ effectiveSettings(id: string): Promise<EffectiveSettings> } | undefined>(
    "acquiring",
    { allowUnregistered: true },
  )
  await owner?.effectiveSettings(event.data.provider_id)
}

export const config: SubscriberConfig = { event: "acquiring.settings.updated" }
