/** Escaping for everything the sandbox echoes into its pages. */
const ATTR: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }

/** Safe in element text and in quoted attribute values. */
export const escapeHtml = (s: unknown): string => String(s ?? "").replace(/[&<>"']/g, (c) => ATTR[c])

/**
 * A JavaScript string literal safe inside <script>: JSON quoting, plus `<`, `>`
 * and `&` as \u escapes (no `</script`, no `<!--`) and U+2028/2029 escaped.
 */
export const jsString = (s: unknown): string =>
  JSON.stringify(String(s ?? ""))
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029")
