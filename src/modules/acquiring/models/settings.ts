import { model } from "@medusajs/framework/utils"

/** Sign keys encrypted. Never rewritten: each gateway order keeps the version it was opened under. */
export const SettingsVersion = model
  .define("acquiring_settings", {
    id: model.id({ prefix: "agset" }).primaryKey(),
    /** The provider entry's `id` in the Medusa config (e.g. "acquiring"). */
    provider_id: model.text(),
    version: model.number(),
    values: model.json(),
  })
  .indexes([{ on: ["provider_id", "version"], unique: true }])
