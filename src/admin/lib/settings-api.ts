import type { FormField, FormGroup } from "../../lib/acquiring/settings/form"
import type { SettingsCheck } from "../../lib/acquiring/settings/check"
import type { AdminRestoreSettings, AdminSaveSettings } from "../../api/admin/acquiring/settings/validators"
import { BACKEND_URL, sdk } from "./sdk"

/** Generated from the schema the server validates with. */
export type FieldDescriptor = FormField
export type CheckResult = SettingsCheck

export interface SettingsForm {
  provider_id: string
  version: number
  mode: "test" | "live"
  secrets_editable: boolean
  secrets_hint?: string
  groups: FormGroup[]
}

export interface SettingsVersion {
  version: number
  actor: { id: string; email: string | null } | null
  created_at: string
  changes: Array<{ key: string; from: unknown; to: unknown }>
  check_overridden: boolean
  restored_from: number | null
}

export type SaveOutcome =
  { saved: true; version: number; check: CheckResult } | { saved: false; message: string; check: CheckResult }

const base = (providerId: string) => `/admin/acquiring/settings/${encodeURIComponent(providerId)}`

export const getSettingsForm = (providerId: string) => sdk.client.fetch<SettingsForm>(`${base(providerId)}/form`)

export const getSettingsHistory = (providerId: string) =>
  sdk.client.fetch<{ versions: SettingsVersion[] }>(`${base(providerId)}/history`)

export const saveSettings = (providerId: string, input: AdminSaveSettings) => post(base(providerId), input)

export const restoreSettings = (providerId: string, input: AdminRestoreSettings) =>
  post(`${base(providerId)}/restore`, input)

/** Uploads a logo for a catalogue entry; answers its URL, or throws the server's reason (e.g. an SVG). */
export async function uploadLogo(fieldId: string, file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer())
  let binary = ""
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  const method = fieldId.replace(/[^\w-]/g, "_").slice(-40)
  const res = await fetch(`${BACKEND_URL.replace(/\/$/, "")}/admin/acquiring/payment-methods/logos`, {
    method: "POST",
    credentials: "include",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ method, content_base64: btoa(binary) }),
  })
  const answer = await res.json().catch(() => ({}))
  if (!res.ok) throw new Error(typeof answer.message === "string" ? answer.message : `${res.status} ${res.statusText}`)
  return answer.logo_url as string
}

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
