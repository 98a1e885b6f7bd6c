import { MedusaError } from "@medusajs/framework/utils"
import { z } from "zod"
import { SETTINGS_GROUPS, settingsFields, type FieldKind } from "./fields"
import { MerchantSettings, REQUIRED_SETTINGS, type SettingsKey } from "./schema"

export interface FormField {
  key: string
  label: string
  help: string
  kind: FieldKind
  options?: string[]
  min?: number
  max?: number
  required: boolean
  value: unknown
  default: unknown
  locked: null | "medusa-config.ts"
  item_fields?: FormField[]
}

export interface FormGroup {
  id: string
  title: string
  fields: FormField[]
}

function inner(schema: z.ZodType): z.ZodType {
  let s = schema
  while (s instanceof z.ZodOptional || s instanceof z.ZodDefault) s = s.unwrap() as z.ZodType
  return s
}

function limits(s: z.ZodType): Pick<FormField, "min" | "max" | "options"> {
  const num = (v: number | null | undefined) => (v === null || v === undefined || !Number.isFinite(v) ? undefined : v)
  if (s instanceof z.ZodEnum) return { options: s.options.map(String) }
  if (s instanceof z.ZodNumber) return { min: num(s.minValue), max: num(s.maxValue) }
  if (s instanceof z.ZodString) return { min: num(s.minLength), max: num(s.maxLength) }
  if (s instanceof z.ZodArray) {
    const bag = (s as unknown as { _zod: { bag: { minimum?: number; maximum?: number } } })._zod.bag
    return { min: num(bag.minimum), max: num(bag.maximum) }
  }
  return {}
}

export function describeField(
  key: string,
  schema: z.ZodType,
  at: { required: boolean; value?: unknown; default?: unknown; locked?: boolean },
): FormField {
  const meta = settingsFields.get(schema)
  if (!meta) throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, `settings field ${key} has no metadata`)
  const s = inner(schema)
  const element = s instanceof z.ZodArray ? inner(s.element as z.ZodType) : null
  const item_fields =
    element instanceof z.ZodObject
      ? Object.entries(element.shape as Record<string, z.ZodType>).map(([k, f]) =>
          describeField(k, f, {
            required: !(f instanceof z.ZodOptional || f instanceof z.ZodDefault),
            // A new row starts at the schema's default (an entry is enabled unless unticked).
            default: f instanceof z.ZodDefault ? f.def.defaultValue : undefined,
          }),
        )
      : undefined
  return {
    key,
    label: meta.label,
    help: meta.help,
    kind: meta.kind,
    ...limits(s),
    required: at.required,
    value: at.value ?? null,
    default: at.default ?? null,
    locked: at.locked ? "medusa-config.ts" : null,
    ...(item_fields && { item_fields }),
  }
}

/** The admin's form, grouped, generated from MerchantSettings (the schema the server validates with). */
export function settingsForm(at: {
  values: Partial<Record<SettingsKey, unknown>>
  defaults: (key: SettingsKey) => unknown
  locked: ReadonlySet<SettingsKey>
}): FormGroup[] {
  const shape = MerchantSettings.shape as Record<SettingsKey, z.ZodType>
  return SETTINGS_GROUPS.map(({ id, title }) => ({
    id,
    title,
    fields: (Object.keys(shape) as SettingsKey[])
      .filter((k) => settingsFields.get(shape[k])?.group === id)
      .map((k) =>
        describeField(k, shape[k], {
          required: REQUIRED_SETTINGS.has(k),
          value: at.values[k],
          default: at.defaults(k),
          locked: at.locked.has(k),
        }),
      ),
  }))
}
