import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"

/**
 * GET /store/acquiring/payment-collections/:id → `{ payment_collection: { id, status, amount, currency_code } }`:
 * what a payment-link page shows before and after the shopper pays (Medusa 2.21 has no store
 * route that reads a collection). The id is the link's bearer (its pattern checked in
 * ../../middlewares.ts); no personal data is returned.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const id = req.params.id
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment_collection",
    fields: ["id", "status", "amount", "currency_code"],
    filters: { id },
  })
  if (!data[0]) throw new MedusaError(MedusaError.Types.NOT_FOUND, `No payment collection ${id}`)
  const { status, amount, currency_code } = data[0] as { status: string; amount: number; currency_code: string }
  res.json({ payment_collection: { id, status, amount, currency_code } })
}
