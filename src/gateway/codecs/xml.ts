import { XMLBuilder, XMLParser } from "fast-xml-parser"
import { GatewayBadResponseError } from "../errors"
import { assertSafeKeys, unsafeName } from "./safe-keys"

/** XML bodies (the spec §4.1) and authorise's `respon` answer; values stay text so "10.00" survives. */
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

export function decodeXml(body: string): { root: string; value: Record<string, unknown> } {
  const doc = assertSafeKeys(parseXml(body), "XML body")
  const root = Object.keys(doc).find((k) => !k.startsWith("?"))
  if (!root) throw malformed("XML document has no root element")
  const value = doc[root]
  return { root, value: value && typeof value === "object" ? (value as Record<string, unknown>) : {} }
}

/** fast-xml-parser refuses prototype element names itself, with a plain Error: made the typed refusal here. */
function parseXml(body: string): Record<string, unknown> {
  try {
    return parser.parse(body, true) as Record<string, unknown>
  } catch (err) {
    const name = /^\[SECURITY\] Invalid name: "([^"]*)"/.exec(err instanceof Error ? err.message : "")?.[1]
    throw name === undefined ? malformed("XML body is not well-formed", err) : unsafeName("XML body", name)
  }
}

const malformed = (message: string, cause?: unknown) =>
  new GatewayBadResponseError(message, { code: "MALFORMED", source: "body", cause })

function stripUndefined(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(stripUndefined)
  if (v && typeof v === "object") {
    return Object.fromEntries(
      Object.entries(v)
        .filter(([, x]) => x !== undefined)
        .map(([k, x]) => [k, stripUndefined(x)]),
    )
  }
  return v
}
