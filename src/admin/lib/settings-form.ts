import type { FieldDescriptor, SettingsForm } from "./settings-api"

/** Each field's value by key; a list is an array of row objects. */
export type Draft = Record<string, unknown>
/** A list's row; ROW tags it with a stable key and, for a row the server sent, its index there. */
export const ROW = Symbol("row")
export type Row = Record<string, unknown> & { [ROW]?: { key: string; origin?: number } }
let rows = 0
const tagged = (row: Row, origin?: number): Row => Object.assign(row, { [ROW]: { key: `row-${++rows}`, origin } })

const fieldsOf = (form: SettingsForm) => form.groups.flatMap((g) => g.fields)

/** The draft a form starts from: the values the server sent, copied so edits never touch them. */
export function initialDraft(form: SettingsForm): Draft {
  const draft: Draft = Object.create(null)
  for (const f of fieldsOf(form)) {
    const value = structuredClone(f.value ?? null)
    draft[f.key] = f.kind === "list" && Array.isArray(value) ? value.map((r: Row, i) => tagged(r, i)) : value
  }
  return draft
}

/** A row for a list's "Add": each item field at its default. */
export function newRow(field: FieldDescriptor): Row {
  const row: Row = Object.create(null)
  for (const f of field.item_fields ?? [])
    row[f.key] = structuredClone(f.default ?? (f.kind === "boolean" ? false : ""))
  return tagged(row)
}

/** What a field holds when the admin leaves it blank, as a hint ("default: manual"). */
export function defaultHint(field: FieldDescriptor): string | undefined {
  const d = field.default
  if (d === null || d === undefined || (Array.isArray(d) && !d.length)) return undefined
  return `default: ${shownValue(d)}`
}

/** ••••1234 for a secret sent as its ending; "not set" when there is none. */
export function maskedHint(value: unknown): string {
  if (typeof value !== "string" || !value) return "not set"
  return value.startsWith("•") ? value : `••••${value.slice(-4)}`
}

const isBlank = (v: unknown) => v === null || v === undefined || (typeof v === "string" && !v.trim())

/** What is wrong with one value, in the words the admin reads next to the field; null when nothing. */
export function fieldProblem(field: FieldDescriptor, value: unknown): string | null {
  if (field.locked) return null
  if (isBlank(value)) return field.required && field.kind !== "secret" ? "Required" : null
  switch (field.kind) {
    case "integer": {
      const n = Number(value)
      if (!/^-?\d+$/.test(String(value).trim())) return "Enter a whole number"
      if (field.min !== undefined && n < field.min) return `At least ${field.min}`
      if (field.max !== undefined && n > field.max) return `At most ${field.max}`
      return null
    }
    case "url":
    case "image":
      return /^https?:\/\/[^\s/]+/.test(String(value)) ? null : "Enter a full address (https://…)"
    case "enum":
      return field.options?.includes(String(value)) ? null : `One of ${field.options?.join(", ")}`
    case "string":
    case "secret": {
      const len = String(value).length
      if (field.min !== undefined && len < field.min) return `At least ${field.min} characters`
      if (field.max !== undefined && len > field.max) return `At most ${field.max} characters`
      return null
    }
    case "list": {
      if (isPlainList(field)) {
        const n = splitList(value).length
        return field.max !== undefined && n > field.max ? `At most ${field.max} entries` : null
      }
      const rows = Array.isArray(value) ? (value as Row[]) : []
      const n = (k: number) => `${k} ${k === 1 ? "row" : "rows"}`
      if (field.min !== undefined && rows.length < field.min) return `At least ${n(field.min)}`
      if (field.max !== undefined && rows.length > field.max) return `At most ${n(field.max)}`
      const bad = rows.findIndex((r) => (field.item_fields ?? []).some((f) => fieldProblem(f, r[f.key])))
      return bad < 0 ? null : `Row ${bad + 1} needs a fix`
    }
    default:
      return null
  }
}

/** Every editable field's problem, by key (list rows as `key.index.item`). */
export function draftProblems(form: SettingsForm, draft: Draft): Record<string, string> {
  const out: Record<string, string> = {}
  for (const f of fieldsOf(form)) {
    const problem = fieldProblem(f, draft[f.key])
    if (problem) out[f.key] = problem
    if (isPlainList(f) || !Array.isArray(draft[f.key])) continue
    ;(draft[f.key] as Row[]).forEach((row, i) => {
      for (const item of f.item_fields ?? []) {
        const p = fieldProblem(item, row[item.key])
        if (p) out[`${f.key}.${i}.${item.key}`] = p
      }
    })
  }
  return out
}

/** A list of plain values (currencies, origins) as typed: separated by commas or spaces. */
export const isPlainList = (field: FieldDescriptor) => field.kind === "list" && !field.item_fields?.length
export const splitList = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.map(String)
    : String(v ?? "")
        .split(/[\s,]+/)
        .filter(Boolean)

/** A value as the server's schema takes it: whole numbers as numbers, typed lists split; blank is unset. */
function toWire(field: FieldDescriptor, value: unknown): unknown {
  if (isBlank(value)) return undefined
  if (field.kind === "integer") return /^-?\d+$/.test(String(value).trim()) ? Number(value) : value
  if (isPlainList(field)) return splitList(value)
  if (field.kind === "list" && Array.isArray(value))
    return (value as Row[]).map((row) => {
      const out: Record<string, unknown> = {}
      for (const f of field.item_fields ?? []) {
        const v = toWire(f, row[f.key])
        if (v !== undefined) out[f.key] = v
      }
      return out
    })
  return value
}

/**
 * The values a save sends (the server merges them over the saved version): every field the admin may
 * change that holds a value, and null for one the admin cleared (back to its default). A secret left
 * alone goes back as the ending it came as, which the server reads as "unchanged".
 */
export function valuesToSave(form: SettingsForm, draft: Draft): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const f of fieldsOf(form)) {
    if (f.locked) continue
    const value = toWire(f, draft[f.key])
    if (value !== undefined) out[f.key] = value
    else if (!isBlank(f.value)) out[f.key] = null
  }
  return out
}

/** Keys whose value differs from what the server sent. */
export function changedKeys(form: SettingsForm, draft: Draft): string[] {
  return fieldsOf(form)
    .filter((f) => JSON.stringify(toWire(f, f.value ?? null)) !== JSON.stringify(toWire(f, draft[f.key])))
    .map((f) => f.key)
}

/** Whether this save would take the provider from test to live (which asks for a confirmation). */
export const goesLive = (form: SettingsForm, draft: Draft) => form.mode === "test" && draft.mode === "live"

/** A value of the history as one short line (objects summarised, secrets never reach here). */
export function shownValue(v: unknown): string {
  if (v === null || v === undefined || v === "") return "—"
  if (typeof v === "boolean") return v ? "on" : "off"
  if (Array.isArray(v)) return v.map(shownValue).join("; ") || "none"
  if (typeof v === "object")
    return Object.entries(v as Row)
      .map(([k, x]) => `${k}: ${shownValue(x)}`)
      .join(", ")
  return String(v)
}
