import { XMLBuilder, XMLParser } from "fast-xml-parser"

/**
 * XML bodies: the checkout/authorise requests (spec §4.1 documents XML) and the
 * `respon` answer of /v1/authorise. Values are kept as text (no number guessing)
 * so amounts like "10.00" survive; arrays are repeated elements.
 */
const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
  ignoreDeclaration: true,
})

const builder = new XMLBuilder({ ignoreAttributes: true, format: false, suppressEmptyNode: false })

export function encodeXml(payload: Record<string, unknown>, root = "request"): string {
  return `<?xml version="1.0" encoding="UTF-8"?>` + builder.build({ [root]: stripUndefined(payload) })
}

/** Parse an XML document; returns the root element's name and its content. */
export function decodeXml(body: string): { root: string; value: Record<string, unknown> } {
  const doc = parser.parse(body, true) as Record<string, unknown>
  const root = Object.keys(doc).find((k) => !k.startsWith("?"))
  if (!root) throw new Error("XML document has no root element")
  const value = doc[root]
  return { root, value: value && typeof value === "object" ? (value as Record<string, unknown>) : {} }
}

function stripUndefined(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(stripUndefined)
  if (v && typeof v === "object") {
    return Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined).map(([k, x]) => [k, stripUndefined(x)]))
  }
  return v
}
