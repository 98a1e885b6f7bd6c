import type { Encoding } from "../operations-table"
import { decodeForm, encodeForm } from "./form"
import { decodeJson } from "./json"
import { decodeXml, encodeXml } from "./xml"

export * from "./form"
export * from "./json"
export { assertSafeKeys, isDangerousKey } from "./safe-keys"
export * from "./xml"

export const CONTENT_TYPES: Record<Encoding, string> = {
  json: "application/json",
  form: "application/x-www-form-urlencoded",
  xml: "application/xml",
}

export function encodeBody(encoding: Encoding, payload: Record<string, unknown>, xmlRoot?: string): string {
  switch (encoding) {
    case "json":
      return JSON.stringify(payload)
    case "form":
      return encodeForm(payload)
    case "xml":
      return encodeXml(payload, xmlRoot)
  }
}

export type Decoded =
  | { type: "json"; value: unknown }
  | { type: "xml"; root: string; value: Record<string, unknown> }
  | { type: "html"; html: string }
  | { type: "form"; value: Record<string, unknown> }

/** Ignores the Content-Type label: the spec's examples label JSON and XML bodies as form-urlencoded (§4). */
export function sniffDecode(raw: string): Decoded {
  const text = raw.replace(/^\uFEFF/, "").trim()
  if (text.startsWith("{") || text.startsWith("[")) return { type: "json", value: decodeJson(text) }
  if (text.startsWith("<")) {
    if (/^<!doctype html|^<html|<html[\s>]|<form[\s>]/i.test(text)) return { type: "html", html: text }
    const { root, value } = decodeXml(text)
    return { type: "xml", root, value }
  }
  return { type: "form", value: decodeForm(text) }
}
