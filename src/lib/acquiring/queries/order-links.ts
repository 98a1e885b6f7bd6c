import type { MedusaContainer } from "@medusajs/framework/types"
import { graphOf } from "./graph"

/** The order of each payment collection that has one (Medusa's order ↔ payment-collection link), in one query. */
export async function ordersOfCollections(
  container: MedusaContainer,
  collectionIds: string[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>()
  if (!collectionIds.length) return out
  const { data } = await graphOf(container).graph({
    entity: "order_payment_collection",
    fields: ["order_id", "payment_collection_id"],
    filters: { payment_collection_id: [...new Set(collectionIds)] },
  })
  for (const l of data) if (!out.has(l.payment_collection_id)) out.set(l.payment_collection_id, l.order_id)
  return out
}
