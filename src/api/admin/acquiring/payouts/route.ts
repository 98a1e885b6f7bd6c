import { randomUUID } from "node:crypto"
import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { PAYOUT_MODULE } from "../../../../modules/payout"
import type PayoutModuleService from "../../../../modules/payout/service"
import { createPayoutWorkflow } from "../../../../workflows/payouts/create-payout"
import { createdBetween } from "../list-params"
import { presentPayout } from "./present"
import type { AdminCreatePayout, AdminListPayouts } from "./validators"

export const GET = async (req: AuthenticatedMedusaRequest<unknown, AdminListPayouts>, res: MedusaResponse) => {
  const q = req.validatedQuery
  const filters: Record<string, unknown> = createdBetween(q)
  if (q.status) filters.status = q.status
  if (q.currency) filters.payment_currency = q.currency
  const payouts = req.scope.resolve<PayoutModuleService>(PAYOUT_MODULE)
  const [rows, count] = await payouts.listAndCountPayouts(filters, {
    skip: q.offset,
    take: q.limit,
    order: { created_at: "DESC", id: "DESC" },
  })
  res.json({ payouts: rows.map(presentPayout), count, limit: q.limit, offset: q.offset })
}

/** The same request_id again retries safely; without one, a new payout is created. */
export const POST = async (req: AuthenticatedMedusaRequest<AdminCreatePayout>, res: MedusaResponse) => {
  const { account_id, ...body } = req.validatedBody
  const request = { ...body, request_id: body.request_id ?? randomUUID() }
  const { result } = await createPayoutWorkflow(req.scope).run({ input: { request, account_id } })
  const payouts = req.scope.resolve<PayoutModuleService>(PAYOUT_MODULE)
  res.json({ payout: presentPayout(await payouts.retrievePayout(result.id)) })
}
