import type { GatewayClient } from "../../gateway/client-types"
import type { RefundRecord } from "../../gateway/schemas/transactions"
import { medusaRefundIdOf, mergeRefunds, type TrackedRefund } from "./refunds"
import { callOpts } from "./batch"
import type { AcquiringData } from "./payment-data"

/** A refund notification is a hint: the order's refunds are read again from the gateway and merged. */

/** The gateway does not list the notified refund (yet): the notification is answered with a retry. */
export class RefundNotListedError extends Error {}

export async function confirmRefunds(
  client: GatewayClient,
  data: Pick<AcquiringData, "order_no" | "account_id" | "currency">,
  named?: string,
): Promise<RefundRecord[]> {
  const { refund_orders } = await client.retrieveRefunds({ orders: [data.order_no] }, callOpts(data))
  const mine = refund_orders.filter((r) => r.order_no === data.order_no)
  if (!mine.length) throw new RefundNotListedError(`the gateway lists no refund of order ${data.order_no}`)
  if (named && !mine.some((r) => r.refund_reference_id === named)) {
    throw new RefundNotListedError(`the gateway does not list refund ${named} of order ${data.order_no}`)
  }
  return mine
}

/** Refunds the gateway lists under a Medusa refund's marker that payment.data does not track yet (in flight). */
export function refundsInFlight(
  known: TrackedRefund[],
  records: RefundRecord[],
  refundRowIds: ReadonlySet<string>,
): string[] {
  const tracked = new Set(known.flatMap((r) => (r.medusa_refund_id ? [r.medusa_refund_id] : [])))
  return records.flatMap((r) => {
    const id = medusaRefundIdOf(r.refund_reason)
    return id && refundRowIds.has(id) && !tracked.has(id) ? [id] : []
  })
}

/**
 * payment.data.refunds after the gateway's records; a refund carrying a refund row's marker is attached
 * to that row, so the books never count it twice whichever write lands last.
 */
export function refundsAfterNotice(
  known: TrackedRefund[],
  records: RefundRecord[],
  refundRowIds: ReadonlySet<string>,
): TrackedRefund[] {
  return mergeRefunds(
    known,
    records.map((r) => {
      const id = medusaRefundIdOf(r.refund_reason)
      return id && refundRowIds.has(id) ? { ...r, medusa_refund_id: id } : r
    }),
  )
}
