import type { CallOptions, GatewayClient, RetrievalInput } from "../client-types"
import type { ClientContext } from "../context"
import { runRetrieval } from "../retrieval"
import { RetrievalRefundResponse, type RefundRecord } from "../schemas"

type Result = Awaited<ReturnType<GatewayClient["retrieveRefunds"]>>

/** POST /v1/retrievalRefund (gateway-interface.md §4.8): refund records by order number and/or transaction id. */
export function retrieveRefundsOperation(ctx: ClientContext) {
  return async function retrieveRefunds(sel: RetrievalInput, opts?: CallOptions): Promise<Result> {
    const r = await runRetrieval(ctx, "retrievalRefund", "refund_orders", RetrievalRefundResponse, sel, opts)
    return { refund_orders: r.records as RefundRecord[], responses: r.responses as Result["responses"], requests: r.requests }
  }
}
