import { logText } from "../log-text"
import { GatewayBodyRefusedError } from "../errors"

/** No key may reach a prototype through an assignment (`__proto__`, `constructor.prototype`). */
const DANGEROUS_KEYS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"])

export const isDangerousKey = (key: PropertyKey): boolean => typeof key === "string" && DANGEROUS_KEYS.has(key)

/** Printable ASCII, at most 60 characters. */
export const keyText = (key: string): string => logText(key, 60)

function unsafeKey(body: string, key: string, name: string): GatewayBodyRefusedError {
  const shown = keyText(key)
  const what = key === name ? `key "${shown}"` : `key "${shown}" uses "${name}", which`
  return new GatewayBodyRefusedError(`${body} refused: ${what} is a name that can write to a prototype`, {
    code: "UNSAFE_KEY",
    source: shown,
  })
}

/**
 * A decoded form key, split as bracket and dot notation would split it (`a[b].c` → a, b, c):
 * any separator counts, so no parser's reading of the key can reach a dangerous name.
 */
export function assertSafeFormKey(key: string): string {
  const name = key.split(/[[\].]/).find(isDangerousKey)
  if (name !== undefined) throw unsafeKey("form body", key, name)
  return key
}

/** Decoded data (JSON, XML, an already parsed body): refuse a dangerous own key at any depth. */
export function assertSafeKeys<T>(value: T, body: string): T {
  // Iterative, and each object once: bodies may nest deeply, and a caller's object may share parts.
  const seen = new Set<object>()
  const stack: unknown[] = [value]
  while (stack.length) {
    const node = stack.pop()
    if (!node || typeof node !== "object" || seen.has(node)) continue
    seen.add(node)
    for (const key of Object.keys(node)) {
      if (isDangerousKey(key)) throw unsafeKey(body, key, key)
      stack.push((node as Record<string, unknown>)[key])
    }
  }
  return value
}

/** The refusal of a name another parser detected (fast-xml-parser refuses such tags itself). */
export const unsafeName = (body: string, name: string) => unsafeKey(body, name, name)
