import type { MedusaContainer } from "@medusajs/framework/types"
import { tryReadData, type AcquiringData } from "../payment-data"
import { graphOf, type GraphRow } from "./graph"

/** A session of a cart without an order, or of a collection without a cart: only a notification authorises it. */
export interface OpenSession {
  session_id: string
  provider_id: string
  cart_id?: string
  data: AcquiringData
}

/** Of these pending sessions, those whose cart has no order yet (or that have no cart). */
export async function sessionsOfOpenCarts(container: MedusaContainer, sessions: GraphRow[]): Promise<OpenSession[]> {
  if (!sessions.length) return []
  const query = graphOf(container)
  const { data: cartLinks } = await query.graph({
    entity: "cart_payment_collection",
    fields: ["cart_id", "payment_collection_id"],
    filters: { payment_collection_id: [...new Set(sessions.map((s) => s.payment_collection_id))] },
  })
  const cartOf = new Map(cartLinks.map((l) => [l.payment_collection_id as string, l.cart_id as string]))
  const cartIds = [...new Set(cartLinks.map((l) => l.cart_id as string))]
  const { data: done } = cartIds.length
    ? await query.graph({ entity: "order_cart", fields: ["cart_id"], filters: { cart_id: cartIds } })
    : { data: [] as GraphRow[] }
  const completed = new Set(done.map((l) => l.cart_id as string))
  const out: OpenSession[] = []
  for (const s of sessions) {
    const cart_id = cartOf.get(s.payment_collection_id)
    const data = tryReadData(s.data)
    if ((cart_id && completed.has(cart_id)) || !data) continue
    out.push({ session_id: s.id, provider_id: s.provider_id, cart_id, data })
  }
  return out
}
