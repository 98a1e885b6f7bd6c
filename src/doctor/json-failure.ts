/** Why a text is not JSON without quoting it: Node's JSON.parse message quotes the text, and options hold sign keys. */

interface Failure {
  kind: string
  /** 0-based index into the text. */
  at: number
}

const WHITESPACE = new Set([" ", "\t", "\n", "\r"])
const ESCAPES = new Set(['"', "\\", "/", "b", "f", "n", "r", "t"])
const HEX4 = /^[0-9a-fA-F]{4}$/
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y
const LITERALS = ["true", "false", "null"]

/** The first syntax error of `text`, or null when it is JSON. Iterative, so any nesting depth is scanned. */
export function locateJsonFailure(text: string): Failure | null {
  const n = text.length
  const stack: Array<"{" | "["> = []
  let i = 0
  let state: "value" | "key" | "after" = "value"
  const fail = (kind: string, at = i): Failure => ({ kind, at })
  const skipWhitespace = () => {
    while (i < n && WHITESPACE.has(text[i])) i++
  }
  const string = (): Failure | null => {
    i++
    while (i < n) {
      const c = text[i]
      if (c === '"') {
        i++
        return null
      }
      if (c.charCodeAt(0) < 0x20) return fail("control character in a string")
      if (c === "\\") {
        const e = text[i + 1]
        if (e === undefined) break
        if (ESCAPES.has(e)) i += 2
        else if (e === "u" && HEX4.test(text.slice(i + 2, i + 6))) i += 6
        else return fail("bad escape sequence in a string")
        continue
      }
      i++
    }
    return fail("unterminated string")
  }

  for (;;) {
    skipWhitespace()
    if (i >= n) {
      if (state === "after" && !stack.length) return null
      return fail(i === 0 || !text.trim() ? "the file is empty" : "unexpected end of the file")
    }
    const c = text[i]
    if (state === "value") {
      if (c === "{" || c === "[") {
        const close = c === "{" ? "}" : "]"
        i++
        skipWhitespace()
        if (text[i] === close) {
          i++
          state = "after"
        } else {
          stack.push(c)
          state = c === "{" ? "key" : "value"
        }
      } else if (c === '"') {
        const f = string()
        if (f) return f
        state = "after"
      } else if (c === "-" || (c >= "0" && c <= "9")) {
        NUMBER.lastIndex = i
        const m = NUMBER.exec(text)
        if (!m) return fail("malformed number")
        i += m[0].length
        if (i < n && /[0-9.eE+-]/.test(text[i])) return fail("malformed number")
        state = "after"
      } else {
        const literal = LITERALS.find((l) => l[0] === c)
        if (literal && text.startsWith(literal, i)) {
          i += literal.length
          state = "after"
        } else if (literal && literal.startsWith(text.slice(i)) && i + literal.length > n) {
          return fail("unexpected end of the file", n)
        } else if (i === 0 && c === "\uFEFF") {
          return fail("byte order mark at the start (save the file as UTF-8 without one)")
        } else {
          return fail("unexpected character where a value should be")
        }
      }
    } else if (state === "key") {
      if (c !== '"') return fail("expected a property name in double quotes")
      const f = string()
      if (f) return f
      skipWhitespace()
      if (i >= n) return fail("unexpected end of the file")
      if (text[i] !== ":") return fail("expected ':' after a property name")
      i++
      state = "value"
    } else {
      const top = stack.at(-1)
      if (!top) return fail("text after the JSON value")
      if (c === ",") {
        i++
        state = top === "{" ? "key" : "value"
      } else if (c === (top === "{" ? "}" : "]")) {
        stack.pop()
        i++
      } else {
        return fail(top === "{" ? "expected ',' or '}'" : "expected ',' or ']'")
      }
    }
  }
}

/** 1-based line and column (in UTF-16 code units, as editors mostly count) of an index. */
function lineColumn(text: string, at: number): { line: number; column: number } {
  let line = 1
  let start = 0
  for (let k = text.indexOf("\n"); k !== -1 && k < at; k = text.indexOf("\n", k + 1)) {
    line++
    start = k + 1
  }
  return { line, column: at - start + 1 }
}

/** "not JSON: <kind> (line L, column C)", never any of the text. */
export function jsonFailureReason(text: string): string {
  const f = locateJsonFailure(text)
  if (!f) return "not JSON"
  if (f.kind === "the file is empty" || f.kind.startsWith("byte order mark")) return `not JSON: ${f.kind}`
  const { line, column } = lineColumn(text, f.at)
  return `not JSON: ${f.kind} (line ${line}, column ${column})`
}
