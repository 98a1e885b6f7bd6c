import type { GatewayClientOptions } from "../options"
import type { Fix } from "./variants"

const literal = (value: unknown): string =>
  Array.isArray(value) ? `[${value.map(literal).join(", ")}]` : JSON.stringify(value)

const objectLine = (name: string, entries: Record<string, unknown>) =>
  `${name}: { ${Object.entries(entries)
    .map(([k, v]) => `${k}: ${literal(v)}`)
    .join(", ")} },`

/**
 * The provider option lines for medusa-config.ts that make the plugin send what worked: the whole
 * option (configured entries kept, found ones over them), so the line replaces the merchant's own.
 */
export function optionLines(options: GatewayClientOptions, fix: Fix): string[] {
  const lines: string[] = []
  if (Object.keys(fix.encodings).length) lines.push(objectLine("encodings", { ...options.encodings, ...fix.encodings }))
  if (Object.keys(fix.signature_fields).length)
    lines.push(objectLine("signature_fields", { ...options.signature_fields, ...fix.signature_fields }))
  return lines
}
