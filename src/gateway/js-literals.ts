/** Enough of a JS tokenizer to find string-literal calls and object literals in the hosted page's script, without eval. */
export type Token =
  | { t: "id"; v: string; start: number; end: number }
  | { t: "str"; v: string; start: number; end: number }
  | { t: "num"; v: string; start: number; end: number }
  | { t: "punct"; v: string; start: number; end: number }
  | { t: "other"; v: string; start: number; end: number }

// Character classes by code: a RegExp test per character made tokenizing several times slower.
const isIdStart = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 36
const isDigit = (c: number) => c >= 48 && c <= 57
const isIdPart = (c: number) => isIdStart(c) || isDigit(c)
const isNumPart = (c: number) => isIdPart(c) || c === 46
const isSpace = (c: number, ch: string) => c === 32 || (c >= 9 && c <= 13) || (c > 127 && /\s/.test(ch))
/** After these keywords a `/` starts a regex literal, not a division. */
const REGEX_AFTER = new Set(["return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void", "throw"])

export function tokenize(src: string): Token[] {
  const out: Token[] = []
  let i = 0
  while (i < src.length) {
    const code = src.charCodeAt(i)
    const c = src[i]
    if (isSpace(code, c)) i++
    else if (c === "/" && src[i + 1] === "/") i = lineEnd(src, i)
    else if (c === "/" && src[i + 1] === "*") i = blockEnd(src, i)
    else if (c === '"' || c === "'" || c === "`") i = readString(src, i, out)
    else if (c === "/" && regexAllowed(out[out.length - 1])) i = readRegex(src, i, out)
    else if (isIdStart(code)) i = readWhile(src, i, isIdPart, "id", out)
    else if (isDigit(code)) i = readWhile(src, i, isNumPart, "num", out)
    else out.push({ t: "punct", v: c, start: i, end: ++i })
  }
  return out
}

function lineEnd(src: string, i: number): number {
  const n = src.indexOf("\n", i)
  return n < 0 ? src.length : n + 1
}

function blockEnd(src: string, i: number): number {
  const n = src.indexOf("*/", i + 2)
  return n < 0 ? src.length : n + 2
}

function readWhile(src: string, i: number, part: (code: number) => boolean, t: "id" | "num", out: Token[]): number {
  let j = i + 1
  while (j < src.length && part(src.charCodeAt(j))) j++
  out.push({ t, v: src.slice(i, j), start: i, end: j })
  return j
}

function regexAllowed(prev: Token | undefined): boolean {
  if (!prev) return true
  if (prev.t === "punct") return !")]}".includes(prev.v)
  return prev.t === "id" && REGEX_AFTER.has(prev.v)
}

function readRegex(src: string, i: number, out: Token[]): number {
  let j = i + 1
  let inClass = false
  while (j < src.length && src[j] !== "\n") {
    const c = src[j]
    if (c === "\\") j++
    else if (c === "[") inClass = true
    else if (c === "]") inClass = false
    else if (c === "/" && !inClass) break
    j++
  }
  j++
  while (j < src.length && isIdPart(src.charCodeAt(j))) j++ // flags
  out.push({ t: "other", v: src.slice(i, j), start: i, end: j })
  return j
}

/** Template literals with `${` stay opaque. */
function readString(src: string, i: number, out: Token[]): number {
  const q = src[i]
  let j = i + 1
  while (j < src.length && src[j] !== q) {
    if (src[j] === "\\") j++
    else if (q !== "`" && src[j] === "\n") break // unterminated: stop at the line end
    j++
  }
  const raw = src.slice(i + 1, j)
  const end = Math.min(j + 1, src.length)
  if (q === "`" && raw.includes("${")) out.push({ t: "other", v: src.slice(i, end), start: i, end })
  else out.push({ t: "str", v: decodeJsString(raw), start: i, end })
  return end
}

const SIMPLE_ESCAPES: Record<string, string> = { n: "\n", t: "\t", r: "\r", b: "\b", f: "\f", v: "\v", "0": "\0" }

/** Without eval: \n \xHH \uHHHH \u{H…} and line continuations. */
export function decodeJsString(raw: string): string {
  if (!raw.includes("\\")) return raw
  return raw.replace(/\\(u\{[0-9a-fA-F]{1,6}\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|\r\n|[\s\S])/g, (_, e: string) => {
    if (e.startsWith("u{")) {
      const cp = parseInt(e.slice(2, -1), 16)
      return cp <= 0x10ffff ? String.fromCodePoint(cp) : ""
    }
    if (e.length > 1 && (e[0] === "u" || e[0] === "x")) return String.fromCharCode(parseInt(e.slice(1), 16))
    if (e === "\n" || e === "\r\n" || e === "\r" || e === "\u2028" || e === "\u2029") return ""
    return SIMPLE_ESCAPES[e] ?? e
  })
}

/** Strings are opaque: only brace tokens count. */
export function matchingBrace(tokens: Token[], open: number): number {
  let depth = 0
  for (let key = open; key < tokens.length; key++) {
    const tok = tokens[key]
    if (tok.t !== "punct") continue
    if (tok.v === "{") depth++
    else if (tok.v === "}" && --depth === 0) return key
  }
  return -1
}
