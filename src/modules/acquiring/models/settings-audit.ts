import { model } from "@medusajs/framework/utils"

/** Who saved a settings version, what changed (secrets only as "changed"), how its check went. */
export const SettingsAudit = model
  .define("acquiring_settings_audit", {
    id: model.id({ prefix: "agaud" }).primaryKey(),
    provider_id: model.text(),
    version: model.number(),
    actor_id: model.text(),
    actor_email: model.text().nullable(),
    changes: model.json(),
    /** The admin's "save anyway" past a failed check. */
    check_overridden: model.boolean().default(false),
    check: model.json().nullable(),
    restored_from: model.number().nullable(),
  })
  .indexes([{ on: ["provider_id", "version"] }])
