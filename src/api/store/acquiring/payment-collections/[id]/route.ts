import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"

/** Medusa has no store route that reads a collection; the id is a link's bearer, so no personal data. */
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
