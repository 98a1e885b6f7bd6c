import { PayoutRequest } from "../../gateway/schemas/payout"
import { issuePath } from "../../gateway/zod-issues"

/** Flat form state; the path of each key in the request body is FIELD_PATHS[key]. */
export const FIELD_PATHS = {
  payment_amount: "payment_amount",
  payment_currency: "payment_currency",
  payment_method: "payment_method",
  payment_date: "payment_date",
  fee_paid_by: "fee_paid_by",
  reference: "reference",
  reason: "reason",
  entity_type: "beneficiary.entity_type",
  first_name: "beneficiary.first_name",
  last_name: "beneficiary.last_name",
  company_name: "beneficiary.company_name",
  country_code: "beneficiary.address.country_code",
  account_name: "beneficiary.bank_details.account_name",
  iban: "beneficiary.bank_details.iban",
  account_number: "beneficiary.bank_details.account_number",
  swift_code: "beneficiary.bank_details.swift_code",
  bank_name: "beneficiary.bank_details.bank_name",
  bank_country_code: "beneficiary.bank_details.bank_country_code",
  account_currency: "beneficiary.bank_details.account_currency",
} as const
export type FormKey = keyof typeof FIELD_PATHS
export type FormState = Record<FormKey, string>

export const emptyForm = (): FormState =>
  Object.fromEntries(Object.keys(FIELD_PATHS).map((k) => [k, k === "payment_method" ? "SWIFT" : ""])) as FormState

export function toRequestBody(form: FormState, request_id: string): Record<string, unknown> {
  const body: Record<string, unknown> = { request_id, beneficiary: {} }
  for (const [key, path] of Object.entries(FIELD_PATHS) as Array<[FormKey, string]>) {
    const value = form[key].trim()
    if (!value) continue
    const parts = path.split(".")
    let node = body
    for (const p of parts.slice(0, -1)) node = (node[p] ??= {}) as Record<string, unknown>
    node[parts.at(-1)!] = value
  }
  return body
}

const PATH_TO_KEY = Object.fromEntries(Object.entries(FIELD_PATHS).map(([k, p]) => [p, k])) as Record<string, FormKey>

/** The server's own schema, messages keyed by form field. */
export function validateForm(form: FormState, request_id: string): Partial<Record<FormKey, string>> {
  const r = PayoutRequest.safeParse(toRequestBody(form, request_id))
  if (r.success) return {}
  const errors: Partial<Record<FormKey, string>> = {}
  for (const issue of r.error.issues) {
    const key = PATH_TO_KEY[issuePath(issue.path)]
    const missing = issue.code === "invalid_type" && issue.message.includes("received undefined")
    if (key && !errors[key]) errors[key] = missing ? "is required" : issue.message
  }
  return errors
}

export function errorsFromServer(byPath: Record<string, string>): Partial<Record<FormKey, string>> {
  const out: Partial<Record<FormKey, string>> = {}
  for (const [path, message] of Object.entries(byPath)) {
    const key = PATH_TO_KEY[path]
    if (key) out[key] = message
  }
  return out
}

/** "Invalid request: a.b: text; c: text" split per field, to show each under its input. */
export function fieldErrorsFromMessage(message: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const part of message.replace(/^Invalid request:\s*/, "").split("; ")) {
    const m = /^([\w.[\]]+): (.+)$/.exec(part.trim())
    if (m) out[m[1]] = m[2]
  }
  return out
}

/** UUID v4 for request_id; randomUUID exists only in secure contexts (https, localhost). */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID()
  const b = crypto.getRandomValues(new Uint8Array(16))
  b[6] = (b[6] & 0x0f) | 0x40
  b[8] = (b[8] & 0x3f) | 0x80
  const h = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("")
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}
