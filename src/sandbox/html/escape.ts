const ATTR: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }

/** Safe in element text and in quoted attribute values. */
export const escapeHtml = (s: unknown): string => String(s ?? "").replace(/[&<>"']/g, (c) => ATTR[c])

/** JSON quoting plus `<`, `>`, `&` and U+2028/2029 as \u escapes, so no `</script` or `<!--` gets through. */
export const jsString = (s: unknown): string =>
  JSON.stringify(String(s ?? ""))
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029")
