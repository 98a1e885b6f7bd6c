import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
// The same zod instance Medusa's framework re-exports, so its validators accept these schemas.
import { z } from "zod"
import { issuePath } from "../gateway/zod-issues"

/** Each bad field and what to fix, at most five; never a submitted value (bank details, cards). */
function issueList(issues: ReadonlyArray<z.core.$ZodIssue>): string {
  const parts = issues.slice(0, 5).map((i) => {
    if (i.code === "unrecognized_keys") {
      const at = issuePath(i.path)
      return `unknown field${i.keys.length > 1 ? "s" : ""} ${i.keys.map((k) => (at ? `${at}.${k}` : k)).join(", ")}`
    }
    const missing = i.code === "invalid_type" && i.message.includes("received undefined")
    return `${issuePath(i.path) || "body"}: ${missing ? "is required" : i.message}`
  })
  return parts.join("; ") + (issues.length > 5 ? ` (and ${issues.length - 5} more)` : "")
}

/** "Invalid request: payment_amount: must be …; unknown field beneficiary.ibn". */
export const describeIssues = (issues: ReadonlyArray<z.core.$ZodIssue>): string =>
  `Invalid request: ${issueList(issues)}`

/**
 * A schema for validateAndTransformBody / validateAndTransformQuery that fails with our wording.
 * Medusa's own formatter echoes submitted values ("got: '…'"), which would put bank details into
 * answers and logs, and writes paths as "orders, 0, amount"; it passes a custom issue's message
 * through, prefixed "Invalid request: ". The output type is the wrapped schema's.
 */
export function described<T extends z.ZodType>(schema: T) {
  return z.unknown().transform((value, ctx): z.output<T> => {
    const r = schema.safeParse(value ?? {})
    if (r.success) return r.data
    ctx.issues.push({ code: "custom", message: issueList(r.error.issues), input: undefined })
    return z.NEVER
  })
}

/** Route params (ids in the path), checked before the handler; Medusa has no params validator. */
export function validateParams(schema: z.ZodType) {
  return (req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) => {
    const r = schema.safeParse({ ...req.params })
    next(r.success ? undefined : new MedusaError(MedusaError.Types.INVALID_DATA, describeIssues(r.error.issues)))
  }
}

/**
 * Before validateAndTransformQuery: it turns a key "a.b" into { a: { b } } (a request key as an
 * object path, "__proto__.x" included; three levels answer 500). Our queries are flat, so a
 * dotted key is refused as the strict schema would refuse any unknown field.
 */
export function flatQuery(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  const dotted = Object.keys(req.query ?? {}).filter((k) => k.includes("."))
  if (!dotted.length) return next()
  const fields = `field${dotted.length > 1 ? "s" : ""} ${dotted.slice(0, 5).join(", ")}`
  next(new MedusaError(MedusaError.Types.INVALID_DATA, `Invalid request: unknown ${fields}`))
}
