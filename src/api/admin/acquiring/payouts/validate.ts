import { MedusaError } from "@medusajs/framework/utils"
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { z } from "zod"
import { issuePath } from "../../../../gateway/options"

/**
 * Validation that names each bad field and what to fix, and never repeats a submitted
 * value: Medusa's own validator echoes values ("got: '…'"), which would put bank
 * details into responses and logs.
 */
export function describeIssues(issues: ReadonlyArray<z.core.$ZodIssue>): string {
  const parts = issues.slice(0, 5).map((i) => {
    if (i.code === "unrecognized_keys") {
      const at = issuePath(i.path)
      return `unknown field${i.keys.length > 1 ? "s" : ""} ${i.keys.map((k) => (at ? `${at}.${k}` : k)).join(", ")}`
    }
    const missing = i.code === "invalid_type" && i.message.includes("received undefined")
    return `${issuePath(i.path) || "body"}: ${missing ? "is required" : i.message}`
  })
  const more = issues.length > 5 ? ` (and ${issues.length - 5} more)` : ""
  return `Invalid request: ${parts.join("; ")}${more}`
}

export function validatePayoutInput(schema: z.ZodType, where: "body" | "query") {
  return (req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) => {
    const r = schema.safeParse(where === "body" ? req.body ?? {} : req.query ?? {})
    if (!r.success) return next(new MedusaError(MedusaError.Types.INVALID_DATA, describeIssues(r.error.issues)))
    if (where === "body") req.validatedBody = r.data
    else req.validatedQuery = r.data as MedusaRequest["validatedQuery"]
    next()
  }
}
