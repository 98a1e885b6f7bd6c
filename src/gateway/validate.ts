import { z } from "zod"
import { GatewayBadResponseError, GatewayRequestError } from "./errors"
import { firstIssue, issuePath } from "./zod-issues"

/** A caller passing them is told how to choose instead. */
const ENVELOPE_FIELDS = ["merchant_id", "account_id", "encryption_data"] as const

/** Unknown top-level keys are refused: zod would drop them silently and a typo would go unsent. */
export function validateRequest<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  prefix = "",
): z.output<Schema> {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    if (schema instanceof z.ZodObject) rejectUnknownKeys(value, Object.keys(schema.shape), prefix)
    for (const key of ENVELOPE_FIELDS) {
      if (!(key in value)) continue
      const where = issuePath([key], prefix)
      throw new GatewayRequestError(
        `${where} is filled in by the client: choose the account with CallOptions.account_id or by currency`,
        { source: where },
      )
    }
  }
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  const { path, message } = firstIssue(parsed.error, { prefix, fallback: "request" })
  throw new GatewayRequestError(`Invalid request field ${path}: ${message}`, { source: path })
}

/** Validate a gateway answer; the error names the offending field of the answer. */
export function validateResponse<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  operation: string,
  status?: number,
): z.output<Schema> {
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  const { path, message } = firstIssue(parsed.error, { fallback: "body" })
  throw new GatewayBadResponseError(`Gateway answer to ${operation} has an invalid ${path}: ${message}`, {
    source: path,
    operation,
    status,
  })
}

function rejectUnknownKeys(value: unknown, known: Iterable<string>, prefix = ""): void {
  if (!value || typeof value !== "object" || Array.isArray(value)) return
  const allowed = new Set(known)
  for (const key of Object.keys(value)) {
    if (!allowed.has(key) && !(ENVELOPE_FIELDS as readonly string[]).includes(key)) {
      const where = issuePath([key], prefix)
      throw new GatewayRequestError(`${where} is not a field of this request (spec names only); remove or rename it`, {
        source: where,
      })
    }
  }
}
