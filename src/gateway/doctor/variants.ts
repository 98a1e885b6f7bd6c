import { buildGatewayClient } from "../client"
import type { GatewayClient } from "../client-types"
import { ENCODINGS, OPERATION_TABLE, type Encoding, type Operation } from "../operations-table"
import type { GatewayClientOptions } from "../options"

/** One way of speaking an operation; the doctor tries the configured one, then the spec's alternatives (§5.4). */
export interface Variant {
  encoding: Encoding
  row: readonly string[]
  upper: boolean
}

/** The engine's older hosted-page build signed notify_url instead of return_url (the spec §5.4). */
export const CHECKOUT_NOTIFY_ROW = [
  "merchant_id",
  "account_id",
  "order_no",
  "currency",
  "amount",
  "notify_url",
] as const

const sameRow = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((f, i) => f === b[i])

export function configured(options: GatewayClientOptions, op: Operation): Variant {
  return {
    encoding: options.encodings[op] ?? OPERATION_TABLE[op].encoding,
    row: options.signature_fields[op] ?? OPERATION_TABLE[op].sign,
    upper: false,
  }
}

function rows(options: GatewayClientOptions, op: Operation): Array<readonly string[]> {
  const out: Array<readonly string[]> = [configured(options, op).row]
  const add = (row: readonly string[]) => !out.some((r) => sameRow(r, row)) && out.push(row)
  add(OPERATION_TABLE[op].sign)
  if (op === "checkout") add(CHECKOUT_NOTIFY_ROW)
  return out
}

export function variants(options: GatewayClientOptions, op: Operation): Variant[] {
  const base = configured(options, op)
  const encodings = [base.encoding, ...ENCODINGS.filter((e) => e !== base.encoding)]
  const all = rows(options, op).flatMap((row) =>
    encodings.flatMap((encoding) => [false, true].map((upper) => ({ encoding, row, upper }))),
  )
  const changes = (v: Variant) =>
    Number(v.encoding !== base.encoding) + Number(!sameRow(v.row, base.row)) + Number(v.upper)
  return all
    .map((v, i) => ({ v, i }))
    .sort((a, b) => changes(a.v) - changes(b.v) || a.i - b.i)
    .map(({ v }) => v)
}

export function describeVariant(options: GatewayClientOptions, op: Operation, v: Variant): string {
  const base = configured(options, op)
  const parts: string[] = []
  if (v.encoding !== base.encoding) parts.push(`${v.encoding} body`)
  if (!sameRow(v.row, base.row)) parts.push(`signature over ${v.row.join(", ")}, sign_key`)
  if (v.upper) parts.push("upper-case hex signature")
  return parts.length ? parts.join(", ") : "as configured"
}

export type CallLog = Array<{ operation: string; outcome: string }>

/** A fetch that records each gateway call (operation and status, never a body) and may upper-case the signature. */
function probeFetch(inner: typeof fetch, upper: readonly string[], calls: CallLog): typeof fetch {
  return async (url, init) => {
    const operation = new URL(String(url instanceof Request ? url.url : url)).pathname.split("/").pop() ?? ""
    let body = init?.body
    // encryption_data=<hex>, "encryption_data":"<hex>", <encryption_data><hex>: the three encodings.
    if (upper.includes(operation) && typeof body === "string")
      body = body.replace(
        /(encryption_data\W{1,3})([0-9a-f]{64})/,
        (_m, key: string, hex: string) => key + hex.toUpperCase(),
      )
    try {
      const res = await inner(url, { ...init, body })
      calls.push({ operation, outcome: `HTTP ${res.status}` })
      return res
    } catch (err) {
      calls.push({ operation, outcome: (err as Error)?.name ?? "error" })
      throw err
    }
  }
}

/**
 * A client speaking `op` the way `v` says, the other operations as configured plus what the doctor
 * already found working (`found`): the checkout probe's lookup and cancel use the working retrieval.
 */
export function clientFor(
  options: GatewayClientOptions,
  found: Fix,
  probe: { op: Operation; v: Variant } | null,
  calls: CallLog,
): GatewayClient {
  const inner = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args))
  const encodings = { ...options.encodings, ...found.encodings }
  const signature_fields = { ...options.signature_fields, ...found.signature_fields }
  const upper: string[] = found.upper_case.filter((op) => op !== probe?.op)
  if (probe) {
    encodings[probe.op] = probe.v.encoding
    signature_fields[probe.op] = [...probe.v.row]
    if (probe.v.upper) upper.push(probe.op)
  }
  return buildGatewayClient({ ...options, encodings, signature_fields, fetch: probeFetch(inner, upper, calls) })
}

/** Option changes a working variant needs; upper-case hex has no option (the plugin sends lower-case [C]). */
export interface Fix {
  encodings: Partial<Record<Operation, Encoding>>
  signature_fields: Partial<Record<Operation, string[]>>
  upper_case: Operation[]
}

export const emptyFix = (): Fix => ({ encodings: {}, signature_fields: {}, upper_case: [] })

export function fixOf(options: GatewayClientOptions, op: Operation, v: Variant): Fix {
  const base = configured(options, op)
  const fix = emptyFix()
  if (v.encoding !== base.encoding) fix.encodings[op] = v.encoding
  if (!sameRow(v.row, base.row)) fix.signature_fields[op] = [...v.row]
  if (v.upper) fix.upper_case.push(op)
  return fix
}

export function mergeFixes(into: Fix, from: Fix): Fix {
  Object.assign(into.encodings, from.encodings)
  Object.assign(into.signature_fields, from.signature_fields)
  for (const op of from.upper_case) if (!into.upper_case.includes(op)) into.upper_case.push(op)
  return into
}

export const isEmptyFix = (f: Fix) =>
  !Object.keys(f.encodings).length && !Object.keys(f.signature_fields).length && !f.upper_case.length
