import { parse, type HTMLElement } from "node-html-parser"
import { GatewayBadResponseError } from "./errors"
import { matchingBrace, tokenize, type Token } from "./js-literals"
import type { CheckoutResponse, HostedForm } from "./schemas"

/**
 * Parse the hosted "loading" page of POST /v1/checkout (the spec §4.1). `fields` = static inputs ∪
 * script-appended inputs (script wins) ∪ the `allParams` pairs missing from both.
 */
export function parseHostedPage(html: string, baseUrl: string, otherOrigins: readonly string[] = []): CheckoutResponse {
  const root = parse(html, { comment: false })
  const form = elements(root, FORM)[0]
  if (!form) {
    throw new GatewayBadResponseError("checkout: the hosted page has no <form>", {
      source: "form",
      operation: "checkout",
    })
  }
  const static_fields = staticInputs(form)
  const script_fields: Record<string, string> = {}
  for (const script of elements(root, SCRIPT)) {
    if (script.getAttribute("src")) continue
    Object.assign(script_fields, scriptFields(script.rawText))
  }
  const allParamsText = script_fields.allParams ?? static_fields.allParams
  const all_params = allParamsText ? parseAllParams(allParamsText) : {}

  // Copied key by key: spreading the two records is measurably slower per page.
  const fields: Record<string, string> = {}
  for (const key in static_fields) fields[key] = static_fields[key]
  for (const k in script_fields) fields[k] = script_fields[k]
  for (const k in all_params) if (!Object.hasOwn(fields, k)) fields[k] = all_params[k] // own keys: "toString" is a field name too

  const result: HostedForm = {
    action: resolveAction(form.getAttribute("action") ?? "", baseUrl, otherOrigins),
    method: (form.getAttribute("method") || "GET").toUpperCase(),
    fields,
    static_fields,
    script_fields,
    all_params,
  }
  const sign_info = fields.signInfo || fields.encryption_data || undefined
  return sign_info ? { html, form: result, sign_info } : { html, form: result }
}

const NOT_FIELDS = new Set(["submit", "button", "reset", "image", "file"])
const FORM = new Set(["FORM"])
const SCRIPT = new Set(["SCRIPT"])
const INPUTS = new Set(["INPUT", "TEXTAREA", "SELECT"])

/** A plain walk: querySelectorAll compiles its CSS selector on every call, a hot spot per checkout. */
function elements(root: HTMLElement, tags: Set<string>): HTMLElement[] {
  const out: HTMLElement[] = []
  const walk = (el: HTMLElement) => {
    for (const child of el.childNodes) {
      if (child.nodeType !== 1) continue
      const element = child as HTMLElement
      if (tags.has(element.tagName)) out.push(element)
      walk(element)
    }
  }
  walk(root)
  return out
}

function staticInputs(form: HTMLElement): Record<string, string> {
  const out: Record<string, string> = {}
  for (const input of elements(form, INPUTS)) {
    const name = input.getAttribute("name")
    if (!name || NOT_FIELDS.has((input.getAttribute("type") ?? "").toLowerCase())) continue
    out[name] = input.tagName === "TEXTAREA" ? input.text : (input.getAttribute("value") ?? "")
  }
  return out
}

/**
 * The storefront posts the shopper to this action, so it must be http(s) on the gateway's host (or a
 * subdomain) or on `hosted_page_origins`: a `javascript:` action or a foreign host is refused.
 */
function resolveAction(action: string, baseUrl: string, otherOrigins: readonly string[]): string {
  const base = new URL(baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`)
  const refuse = (why: string, cause?: unknown) =>
    new GatewayBadResponseError(`checkout: the form action "${action.slice(0, 200)}" ${why}`, {
      source: "form.action",
      operation: "checkout",
      cause,
    })
  let url: URL
  try {
    url = new URL(action.trim() || "v1/checkout", base)
  } catch (err) {
    throw refuse("is not a URL", err)
  }
  if (otherOrigins.includes(url.origin)) return url.toString()
  const schemeOk = url.protocol === "https:" || (url.protocol === "http:" && base.protocol === "http:")
  if (!schemeOk) throw refuse(`is not an ${base.protocol === "http:" ? "http(s)" : "https"} URL`)
  if (url.hostname !== base.hostname && !url.hostname.endsWith(`.${base.hostname}`)) {
    throw refuse(
      `is not on the gateway's host ${base.hostname}; if the gateway hosts its page there, add ${url.origin} to hosted_page_origins`,
    )
  }
  return url.toString()
}

/** DOM and library calls whose two string arguments are not a field name and value. */
const NOT_HELPERS = new Set([
  "setAttribute",
  "getAttribute",
  "setAttributeNS",
  "addEventListener",
  "removeEventListener",
  "setRequestHeader",
  "setItem",
  "replace",
  "replaceAll",
  "open",
  "postMessage",
  "insertAdjacentHTML",
  "setProperty",
  "querySelector",
  "RegExp",
  "Error",
  "alert",
  "console",
  "log",
])

/** Script-appended inputs: helper calls `f("name", "value")` and object literals assigned to a variable. */
export function scriptFields(script: string): Record<string, string> {
  const tokens = tokenize(script)
  const out: Record<string, string> = {}
  for (let i = 0; i < tokens.length; i++) {
    const call = helperCall(tokens, i)
    if (call) out[call[0]] = call[1]
    const obj = assignedObject(script, tokens, i)
    if (obj) Object.assign(out, obj)
  }
  return out
}

const isPunct = (tok: Token | undefined, v: string) => tok?.t === "punct" && tok.v === v

function helperCall(tokens: Token[], i: number): [string, string] | undefined {
  const id = tokens[i],
    open = tokens[i + 1],
    name = tokens[i + 2],
    comma = tokens[i + 3],
    value = tokens[i + 4],
    close = tokens[i + 5]
  if (id?.t !== "id" || NOT_HELPERS.has(id.v) || !isPunct(open, "(") || name?.t !== "str") return undefined
  if (!isPunct(comma, ",") || value?.t !== "str" || !isPunct(close, ")") || !name.v) return undefined
  return [name.v, value.v]
}

/** `name = { … }`: JSON first, then a flat literal read from tokens. */
function assignedObject(script: string, tokens: Token[], i: number): Record<string, string> | undefined {
  const id = tokens[i],
    eq = tokens[i + 1],
    open = tokens[i + 2]
  if (id?.t !== "id" || !isPunct(eq, "=") || !isPunct(open, "{") || isPunct(tokens[i - 1], "=")) return undefined
  const close = matchingBrace(tokens, i + 2)
  if (close < 0) return undefined
  try {
    const parsed: unknown = JSON.parse(script.slice(open.start, tokens[close].end))
    return primitives(parsed as Record<string, unknown>)
  } catch {
    return flatLiteral(tokens.slice(i + 3, close))
  }
}

function primitives(obj: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(obj)) {
    if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") out[k] = String(v)
  }
  return out
}

/** `{ key: "v", 'k2': 3 }` written as JS rather than JSON; nested values are skipped. */
function flatLiteral(body: Token[]): Record<string, string> {
  const out: Record<string, string> = {}
  for (let k = 0; k + 2 < body.length; k++) {
    const [key, colon, value] = [body[k], body[k + 1], body[k + 2]]
    const keyOk = key.t === "id" || key.t === "str"
    const valueOk = value.t === "str" || value.t === "num" || (value.t === "id" && ["true", "false"].includes(value.v))
    const atEntryStart = k === 0 || isPunct(body[k - 1], ",")
    const atEntryEnd = k + 3 >= body.length || isPunct(body[k + 3], ",")
    if (keyOk && isPunct(colon, ":") && valueOk && atEntryStart && atEntryEnd) out[key.v] = value.v
  }
  return out
}

/** Values may be URL-encoded or raw; a piece without `=` is a raw `&` inside the previous value. */
export function parseAllParams(text: string): Record<string, string> {
  const out: Record<string, string> = {}
  let last: string | undefined
  for (const piece of text.split("&")) {
    const eq = piece.indexOf("=")
    if (eq <= 0) {
      if (last !== undefined && piece) out[last] += `&${piece}`
      continue
    }
    last = decodeMaybe(piece.slice(0, eq))
    out[last] = piece.slice(eq + 1)
  }
  for (const key of Object.keys(out)) out[key] = decodeMaybe(out[key])
  return out
}

function decodeMaybe(s: string): string {
  // Most keys and values hold no "%": skip the RegExp for them.
  if (!s.includes("%") || !/%[0-9A-Fa-f]{2}/.test(s)) return s
  try {
    return decodeURIComponent(s.replace(/\+/g, " "))
  } catch {
    return s
  }
}
