import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { z } from "zod"
import { decideReviews, listHeldPayments } from "../../../../workflows/acquiring/review"
import { actorOf, parseBody } from "../bulk/parse-body"

/** Payments the gateway holds for review, with their fraud check results. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const held = await listHeldPayments(req.scope)
  res.json({ held_payments: held, count: held.length })
}

const ReviewBody = z
  .object({
    decisions: z
      .array(
        z
          .object({
            order_id: z.string().regex(/^order_[0-9A-Za-z]+$/, "must be a Medusa order id (order_…)"),
            decision: z.enum(["accept", "reject"]),
          })
          .strict(),
      )
      .min(1, "give at least one decision")
      .max(1000, "at most 1000 decisions per call")
      .refine((d) => new Set(d.map((x) => x.order_id)).size === d.length, "each order at most once"),
  })
  .strict()

/** Accept or reject held payments (/v1/review, ≤ 100 per request); Medusa follows per order. */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const { decisions } = parseBody(ReviewBody, req)
  res.json({ results: await decideReviews(req.scope, decisions, actorOf(req)) })
}
