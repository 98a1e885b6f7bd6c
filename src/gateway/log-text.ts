/**
 * An outside value made safe for one log line: printable ASCII only, so no CR/LF forges a line and no
 * escape sequence repaints a terminal; at most `max` characters, so one request cannot flood the log.
 */
export function logText(value: unknown, max = 80): string {
  const text = String(value ?? "").replace(/[^\x20-\x7E]/g, "?")
  return text.length > max ? `${text.slice(0, max - 3)}...` : text
}
