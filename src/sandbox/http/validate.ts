import type { z } from "zod"
import { isDangerousKey, sniffDecode } from "../../gateway/codecs"
import { GatewayBodyRefusedError } from "../../gateway/errors"
import { describeIssue } from "../../gateway/zod-issues"
import { ApiError, invalid, missing } from "./api-error"

type Obj = Record<string, unknown>

/** Encoding judged by content, not label. */
export interface DecodedRequest {
  value: Obj
  encoding: "json" | "xml" | "form"
  root?: string
}

/** Whatever its Content-Type says: the gateway's examples mislabel bodies. */
export function decodeRequest(raw: string): Obj {
  return decodeRequestBody(raw).value
}

export function decodeRequestBody(raw: string): DecodedRequest {
  if (!raw.trim())
    throw missing("merchant_id", "empty body: send merchant_id, account_id, encryption_data and the operation's fields")
  let decoded: ReturnType<typeof sniffDecode>
  try {
    decoded = refusing(() => sniffDecode(raw))
  } catch (err) {
    if (err instanceof ApiError) throw err
    throw invalid("body", "body is neither valid JSON, XML nor form-urlencoded")
  }
  if (decoded.type === "html") throw invalid("body", "body is HTML; send JSON, XML or form-urlencoded fields")
  const value = decoded.value
  if (!value || typeof value !== "object" || Array.isArray(value))
    throw invalid("body", "body must be an object of fields")
  return { value: value as Obj, encoding: decoded.type, ...(decoded.type === "xml" ? { root: decoded.root } : {}) }
}

/** A body the codecs refuse is I0002 naming the key or limit, not a crash. */
export function refusing<T>(decode: () => T): T {
  try {
    return decode()
  } catch (err) {
    if (err instanceof GatewayBodyRefusedError) throw invalid("body", err.message)
    throw err
  }
}

/** Own properties only: zod issue paths name keys, and an inherited one would lead into a prototype. */
type Node = Record<PropertyKey, unknown>

function at(root: unknown, path: ReadonlyArray<PropertyKey>): { parent?: Node; key?: PropertyKey; value: unknown } {
  let parent: Node | undefined
  let node: unknown = root
  for (const key of path) {
    if (node === null || typeof node !== "object" || isDangerousKey(key)) return { value: undefined }
    parent = node as Node
    node = Object.hasOwn(node, key) ? (node as Node)[key] : undefined
  }
  return { parent, key: path[path.length - 1], value: node }
}

/** Form and XML carry every value as text and a one-element list as an object: coerce, "" is absent. */
function relax(root: Obj, issue: z.core.$ZodIssue): boolean {
  const { parent, key, value } = at(root, issue.path)
  if (parent === undefined || key === undefined) return false
  const expected = issue.code === "invalid_type" ? String(issue.expected) : ""
  if (value === "") {
    delete parent[key]
    return true
  }
  if ((expected === "number" || expected === "int") && typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value)) {
    parent[key] = Number(value)
    return true
  }
  if (expected === "array" && value && typeof value === "object" && !Array.isArray(value)) {
    parent[key] = [value]
    return true
  }
  return false
}

/** The first issue becomes I0001 (absent) or I0002 (bad format) naming the field. */
export function validate<T extends z.ZodType>(schema: T, input: Obj): z.infer<T> {
  for (let pass = 0; pass < 20; pass++) {
    const parsed = schema.safeParse(input)
    if (parsed.success) return parsed.data
    let fixed = false
    for (const issue of parsed.error.issues) fixed = relax(input, issue) || fixed
    if (!fixed) throw issueError(parsed.error.issues[0], input)
  }
  throw invalid("body", "body could not be validated")
}

function issueError(issue: z.core.$ZodIssue, input: Obj): ApiError {
  const { path, message } = describeIssue(issue, { fallback: "body" })
  if (at(input, issue.path).value === undefined) return missing(path)
  return invalid(path, `${path} ${message.replace(/^Invalid input: /, "")}`)
}

export { ApiError }
