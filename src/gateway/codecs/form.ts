/**
 * application/x-www-form-urlencoded with bracket notation for nested values
 * (`cart_items[0][basic_item_data][name]=…`), the convention of the engine's
 * PHP plugins. Flat payloads encode exactly as URLSearchParams would.
 */
type Json = string | number | boolean | null | Json[] | { [k: string]: Json }

export function flattenForm(value: unknown, prefix = "", out: Array<[string, string]> = []): Array<[string, string]> {
  if (value === undefined) return out
  if (Array.isArray(value)) {
    value.forEach((v, i) => flattenForm(v, `${prefix}[${i}]`, out))
  } else if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) flattenForm(v, prefix ? `${prefix}[${k}]` : k, out)
  } else {
    out.push([prefix, value === null ? "" : String(value)])
  }
  return out
}

export function encodeForm(payload: Record<string, unknown>): string {
  return new URLSearchParams(flattenForm(payload)).toString()
}

/** Decode into nested objects; numeric bracket keys make arrays. Repeated plain keys keep the last. */
export function decodeForm(body: string): Record<string, Json> {
  const root: Record<string, Json> = {}
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.match(/^([^[\]]+)((?:\[[^[\]]*\])*)$/)
    if (!parts) {
      root[key] = value
      continue
    }
    const path = [parts[1], ...[...parts[2].matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1])]
    assignPath(root, path, value)
  }
  return root
}

function assignPath(root: Record<string, Json>, path: string[], value: string) {
  let node: any = root
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i]
    const nextIsIndex = /^\d+$/.test(path[i + 1])
    if (node[key] === undefined || typeof node[key] !== "object" || node[key] === null) {
      node[key] = nextIsIndex ? [] : {}
    }
    node = node[key]
  }
  node[path[path.length - 1]] = value
}
