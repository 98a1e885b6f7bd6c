import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { GraphQuery, GraphRow } from "./graph"

const query = (container: MedusaContainer) =>
  container.resolve(ContainerRegistrationKeys.QUERY) as unknown as GraphQuery

/** The Medusa payment a notification is about, and its order (events name it). */
export interface NoticeTarget {
  payment_id: string
  order_id: string | null
}

const paymentRow = async (container: MedusaContainer, sessionId: string) =>
  (
    await query(container).graph({
      entity: "payment",
      fields: ["id", "payment_collection_id", "data"],
      filters: { payment_session_id: sessionId },
    })
  ).data[0]

/** Undefined while Medusa has none; a kept authorisation is followed to the payment that adopted it. */
export async function paymentOfSession(
  container: MedusaContainer,
  sessionId: string,
): Promise<NoticeTarget | undefined> {
  let payment = await paymentRow(container, sessionId)
  const adoptedBy = payment?.data?.kept_authorisation?.adopted_by_session
  if (typeof adoptedBy === "string") payment = (await paymentRow(container, adoptedBy)) ?? payment
  if (!payment) return undefined
  const { data: links } = await query(container).graph({
    entity: "order_payment_collection",
    fields: ["order_id"],
    filters: { payment_collection_id: payment.payment_collection_id },
  })
  return { payment_id: payment.id, order_id: links[0]?.order_id ?? null }
}

/** Its data as written (every key kept) and the ids of its refund rows. */
export interface PaymentNow {
  id: string
  data: Record<string, unknown>
  refund_ids: Set<string>
}

export async function paymentNow(container: MedusaContainer, id: string): Promise<PaymentNow | undefined> {
  const { data } = await query(container).graph({
    entity: "payment",
    fields: ["id", "data", "refunds.id"],
    filters: { id },
  })
  const row = data[0]
  if (!row) return undefined
  return {
    id: row.id,
    data: row.data && typeof row.data === "object" ? (row.data as Record<string, unknown>) : {},
    refund_ids: new Set(((row.refunds ?? []) as GraphRow[]).flatMap((r) => (r?.id ? [r.id as string] : []))),
  }
}
