import { z } from "zod"

export const SETTINGS_GROUPS = [
  { id: "connection", title: "Connection" },
  { id: "checkout", title: "Checkout" },
  { id: "payment_methods", title: "Payment methods a shopper sees" },
  { id: "after_checkout", title: "After checkout" },
  { id: "notifications", title: "Notifications and reconciliation" },
  { id: "saved_cards", title: "Saved cards" },
  { id: "payouts", title: "Payouts" },
] as const
export type SettingsGroup = (typeof SETTINGS_GROUPS)[number]["id"]

export const FIELD_KINDS = ["string", "url", "image", "enum", "boolean", "integer", "secret", "list"] as const
export type FieldKind = (typeof FIELD_KINDS)[number]

export interface FieldMeta {
  group?: SettingsGroup
  label: string
  help: string
  kind: FieldKind
  /** Write-only: stored encrypted, shown as its last four characters. */
  secret?: boolean
  /**
   * A credential: a gateway order keeps it from the settings version it was opened under. Unset: a
   * policy, which every order takes from the newest version.
   */
  per_order?: true
}

export const settingsFields = z.registry<FieldMeta>()

/** A zod schema with its form metadata: one definition for the server's validation and the admin's form. */
export const field = <T extends z.ZodType>(schema: T, meta: FieldMeta): T => {
  settingsFields.add(schema, meta)
  return schema
}

export const SECRET_MASK_PREFIX = "••••"
export const maskSecret = (secret: string): string => `${SECRET_MASK_PREFIX}${secret.slice(-4)}`
export const isMasked = (value: unknown): value is string =>
  typeof value === "string" && value.startsWith(SECRET_MASK_PREFIX)
