import { model } from "@medusajs/framework/utils"

/**
 * One saved version of a provider entry's merchant settings (issue #35): what the admin set, sign
 * keys encrypted (AES-256-GCM). Versions are never rewritten; the newest one counts, and each gateway
 * order keeps the version it was opened under.
 */
export const SettingsVersion = model
  .define("acquiring_settings", {
    id: model.id({ prefix: "agset" }).primaryKey(),
    /** The provider entry's `id` in medusa-config.ts (e.g. "acquiring"). */
    provider_id: model.text(),
    version: model.number(),
    /** MerchantSettings, secrets sealed. */
    values: model.json(),
  })
  .indexes([{ on: ["provider_id", "version"], unique: true }])
