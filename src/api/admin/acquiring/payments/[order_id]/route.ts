import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { orderRecords } from "../../../../../lib/acquiring/gateways"
import { paymentsOfOrders } from "../../../../../lib/acquiring/queries/payments"
import { ORDER_MARK_VALUES } from "../../../../../lib/acquiring/order-money"
import { acquiringOf } from "../../../../../modules/acquiring"
import { orderSessions } from "../../../../../lib/acquiring/queries/review-sessions"
import { presentPayment } from "./present"

export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const orderId = req.params.order_id
  const payments = (await paymentsOfOrders(req.scope, [orderId])).get(orderId) ?? []
  const session = (await orderSessions(req.scope, [orderId])).get(orderId)
  const refs = [...payments.flatMap((p) => (p.data ? [{ provider_id: p.provider_id, data: p.data }] : []))]
  if (session && !session.has_payment) refs.push({ provider_id: session.provider_id, data: session.data })
  let records = new Map()
  let gateway_error: string | null = null
  if (refs.length) {
    try {
      records = await orderRecords(
        req.scope,
        refs[0].provider_id,
        refs.map((r) => r.data),
      )
    } catch (e) {
      gateway_error = (e as Error).message
    }
  }
  const books = acquiringOf(req.scope)
  const disputes = await books.disputesOfPayments(payments.map((p) => p.id))
  const orderNos = payments.flatMap((p) => p.data?.order_no ?? [])
  const marked = orderNos.length
    ? await books.listGatewayOrders(
        { order_no: orderNos, settlement: [...ORDER_MARK_VALUES] },
        { select: ["order_no", "settlement", "settlement_detail", "settled_at"] },
      )
    : []
  const held = session?.session_status === "pending_authorization" ? session : undefined
  res.json({
    order_id: orderId,
    gateway_error,
    payments: payments.map((p) =>
      presentPayment(p, p.data ? records.get(p.data.order_no) : undefined, disputes.get(p.id)),
    ),
    review: held
      ? {
          payment_session_id: held.payment_session_id,
          order_no: held.data.order_no,
          gateway: records.get(held.data.order_no) ? pick(records.get(held.data.order_no)) : null,
        }
      : null,
    // The order's money and status disagree (reconciliation, the cancel subscriber): shown, never hidden.
    money_marks: marked.map((m) => ({
      order_no: m.order_no,
      mark: m.settlement,
      detail: m.settlement_detail,
      at: m.settled_at,
    })),
    review_decision: (session?.metadata as Record<string, unknown> | null)?.acquiring_review ?? null,
  })
}

const pick = (r: Record<string, unknown>) => ({
  payment_status: r.payment_status ?? null,
  transaction_id: r.transaction_id ?? null,
  is3ds: r.is3ds === "1",
  fraud_check_result: r.fraud_check_result ?? [],
})
