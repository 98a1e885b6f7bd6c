import { model } from "@medusajs/framework/utils"

/** Who saved a settings version, what changed (secrets only as "changed"), and how its check went. */
export const SettingsAudit = model
  .define("acquiring_settings_audit", {
    id: model.id({ prefix: "agaud" }).primaryKey(),
    provider_id: model.text(),
    version: model.number(),
    actor_id: model.text(),
    actor_email: model.text().nullable(),
    /** [{ key, from, to }] */
    changes: model.json(),
    /** The save went through although the doctor's check failed (the admin's "save anyway"). */
    check_overridden: model.boolean().default(false),
    /** The check's steps as the admin saw them (no secret). */
    check: model.json().nullable(),
    restored_from: model.number().nullable(),
  })
  .indexes([{ on: ["provider_id", "version"] }])
