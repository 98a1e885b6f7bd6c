import { BACKEND_URL, sdk } from "./sdk"

/** One setting as the server describes it (generated from the schema the server validates with). */
export interface FieldDescriptor {
  key: string
  label: string
  help: string
  kind: "string" | "url" | "enum" | "boolean" | "integer" | "secret" | "list"
  options?: string[]
  min?: number
  max?: number
  required: boolean
  value: unknown
  default: unknown
  /** Where a value that the admin cannot change comes from. */
  locked: null | string
  /** A list's rows: each an object of these fields. */
  item_fields?: FieldDescriptor[]
}

export interface SettingsForm {
  provider_id: string
  version: number
  mode: "test" | "live"
  secrets_editable: boolean
  secrets_hint?: string
  groups: Array<{ id: string; title: string; fields: FieldDescriptor[] }>
}

export interface CheckResult {
  ok: boolean
  steps: Array<{ name: string; ok: boolean; message: string }>
}

export interface SettingsVersion {
  version: number
  actor: { id: string; email: string | null } | null
  created_at: string
  changes: Array<{ key: string; from: unknown; to: unknown }>
  check_overridden: boolean
  restored_from: number | null
}

/** A save or restore: counted, or refused by its check (the admin may then save anyway). */
export type SaveOutcome =
  { saved: true; version: number; check: CheckResult } | { saved: false; message: string; check: CheckResult }

export interface SaveInput {
  values: Record<string, unknown>
  save_anyway?: boolean
  confirm_live?: boolean
}

const base = (providerId: string) => `/admin/acquiring/settings/${encodeURIComponent(providerId)}`

export const getSettingsForm = (providerId: string) => sdk.client.fetch<SettingsForm>(`${base(providerId)}/form`)

export const getSettingsHistory = (providerId: string) =>
  sdk.client.fetch<{ versions: SettingsVersion[] }>(`${base(providerId)}/history`)

export const saveSettings = (providerId: string, input: SaveInput) => post(base(providerId), input)

export const restoreSettings = (providerId: string, input: { version: number; save_anyway?: boolean }) =>
  post(`${base(providerId)}/restore`, input)

/**
 * POST with the admin's session. Not through the SDK: its error drops the answer's body, and a refused
 * check's steps are in the body of the 422.
 */
async function post(path: string, body: unknown): Promise<SaveOutcome> {
  const res = await fetch(`${BACKEND_URL.replace(/\/$/, "")}${path}`, {
    method: "POST",
    credentials: "include",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body),
  })
  const answer = await res.json().catch(() => ({}))
  if (res.ok) return { saved: true, version: answer.version, check: answer.check ?? { ok: true, steps: [] } }
  if (res.status === 422 && answer.type === "check_failed")
    return { saved: false, message: answer.message, check: answer.check ?? { ok: false, steps: [] } }
  throw new Error(typeof answer.message === "string" ? answer.message : `${res.status} ${res.statusText}`)
}
