import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { z } from "zod"
import { listAwaitingCapture } from "../../../../../workflows/acquiring/bulk/awaiting-capture"
import { parseQuery } from "../parse-body"

const Page = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(50),
    offset: z.coerce.number().int().min(0).default(0),
  })
  .strict()

/** Authorised acquiring payments not captured yet, newest first: what a bulk capture or cancel acts on. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json(await listAwaitingCapture(req.scope, parseQuery(Page, req)))
}
