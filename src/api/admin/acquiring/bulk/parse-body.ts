import type { MedusaRequest } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import type { z } from "zod"
import { describeIssues } from "../payouts/validate"

/** Parse with a zod schema; bad input is a 400 naming each field and what to fix. */
function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const r = schema.safeParse(value ?? {})
  if (!r.success) throw new MedusaError(MedusaError.Types.INVALID_DATA, describeIssues(r.error.issues))
  return r.data
}

/** The JSON body. */
export const parseBody = <T extends z.ZodType>(schema: T, req: MedusaRequest): z.infer<T> => parseInput(schema, req.body)

/** The query string. */
export const parseQuery = <T extends z.ZodType>(schema: T, req: MedusaRequest): z.infer<T> => parseInput(schema, req.query)

/** The admin user acting (for records such as canceled_by). */
export const actorOf = (req: MedusaRequest) => (req as MedusaRequest & { auth_context?: { actor_id?: string } }).auth_context?.actor_id
