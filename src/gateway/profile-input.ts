import { z } from "zod"
import { OPERATION_TABLE, type Operation, type OperationSpec } from "./operations-table"
import { GatewayProfileFields, ProfileName, presetProfile, type GatewayProfile } from "./profile"
import { firstIssue } from "./zod-issues"

/** A preset's name, or `{ extends, …fields }`: object fields merge one level into the preset's; the rest replace. */

type Shape = z.ZodRawShape

function overridable<S extends Shape>(shape: S) {
  return Object.fromEntries(
    Object.entries(shape).map(([k, v]) => [k, (v instanceof z.ZodObject ? v.partial() : (v as z.ZodType)).optional()]),
  ) as { [K in keyof S]: z.ZodOptional<z.ZodType<Partial<z.output<S[K]>>, Partial<z.input<S[K]>>>> }
}

function overridesSchema<E extends Shape>(extra: E) {
  return z.strictObject({
    extends: ProfileName.meta({ description: "the preset the fields are written over" }),
    ...overridable({ ...GatewayProfileFields.shape, ...extra }),
  })
}

export function profileInputSchema<E extends Shape>(extra: E = {} as E) {
  return z.union([ProfileName, overridesSchema(extra)])
}
export const GatewayProfileInput = profileInputSchema()
export type GatewayProfileInput = z.input<typeof GatewayProfileInput>

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v)

function mergeInto(base: Record<string, unknown>, fields: Record<string, unknown>) {
  for (const [k, v] of Object.entries(fields)) {
    if (k === "extends" || v === undefined) continue
    base[k] = isPlainObject(v) && isPlainObject(base[k]) ? { ...base[k], ...v } : v
  }
}

/** Lower only. */
function overLimit(fields: object): { path: string; message: string } | null {
  const limits = ((fields as { batch_limits?: Partial<Record<Operation, number>> }).batch_limits ?? {}) as Partial<
    Record<Operation, number>
  >
  for (const [op, limit] of Object.entries(limits) as Array<[Operation, number]>) {
    const row: OperationSpec = OPERATION_TABLE[op]
    const max = row.batch?.limit ?? row.selectionLimit ?? 100
    if (limit > max) return { path: `batch_limits.${op}`, message: `at most ${max} for ${op} (spec §8)` }
  }
  return null
}

export type ProfileResult<T> = { ok: true; profile: T } | { ok: false; path: string; message: string }

/**
 * The profile from `gateway_profile` (default "documented") and fields still written under their
 * old option keys (`legacy`: key → value, each named on its own in an error). A layer above passes
 * its own fields (`extra`), whose presets are their schema's defaults.
 */
export function resolveProfile<E extends Shape = Record<never, never>>(
  written: unknown,
  legacy: Record<string, unknown> = {},
  extra?: z.ZodObject<E>,
): ProfileResult<GatewayProfile & z.output<z.ZodObject<E>>> {
  const schema = overridesSchema(extra?.shape ?? {})
  // Each form parsed on its own, so an error names the field rather than "no form matched".
  const parsed =
    typeof written === "string" || written === undefined || written === null
      ? ProfileName.safeParse(written ?? "documented")
      : schema.safeParse(written)
  if (!parsed.success) return { ok: false, ...firstIssue(parsed.error, { prefix: "gateway_profile" }) }
  const name = typeof parsed.data === "string" ? parsed.data : parsed.data.extends
  const profile: Record<string, unknown> = { ...presetProfile(name), ...(extra ? extra.parse({}) : {}) }
  for (const [key, value] of Object.entries(legacy)) {
    const one = schema.safeParse({ extends: name, [key]: value })
    const issue = one.success ? overLimit(one.data) : firstIssue(one.error)
    if (issue) return { ok: false, path: issue.path, message: `${issue.message} (now gateway_profile.${key})` }
    mergeInto(profile, one.data as Record<string, unknown>)
  }
  if (typeof parsed.data !== "string") {
    const issue = overLimit(parsed.data)
    if (issue) return { ok: false, path: `gateway_profile.${issue.path}`, message: issue.message }
    mergeInto(profile, parsed.data)
  }
  return { ok: true, profile: profile as GatewayProfile & z.output<z.ZodObject<E>> }
}
