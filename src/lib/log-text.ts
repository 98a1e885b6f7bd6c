/**
 * A value that came from outside (a request, a notification, a gateway answer) made safe for one
 * log line: printable ASCII only, so no CR/LF can forge a second line and no escape sequence can
 * repaint a terminal; bounded, so one request cannot flood the log. Every such value goes through
 * here before it is logged.
 */
export function logText(value: unknown, max = 80): string {
  const text = String(value ?? "").replace(/[^\x20-\x7E]/g, "?")
  return text.length > max ? `${text.slice(0, max)}…` : text
}
