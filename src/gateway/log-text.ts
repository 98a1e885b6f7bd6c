/**
 * A value that came from outside (a request, a notification, a gateway answer) made safe for one
 * log line or error message: printable ASCII only, so no CR/LF can forge a second line and no
 * escape sequence can repaint a terminal; at most `max` characters (cut ones end in "..."), so
 * one request cannot flood the log. Every such value goes through here before it is shown.
 */
export function logText(value: unknown, max = 80): string {
  const text = String(value ?? "").replace(/[^\x20-\x7E]/g, "?")
  return text.length > max ? `${text.slice(0, max - 3)}...` : text
}
