import type { CallOptions, GatewayClient, RetrievalInput } from "../client-types"
import type { ClientContext } from "../context"
import { runRetrieval } from "../retrieval"
import type { RefundRecord } from "../schemas"

type Result = Awaited<ReturnType<GatewayClient["retrieveRefunds"]>>

/** The spec §4.8. */
export function retrieveRefundsOperation(ctx: ClientContext) {
  return async function retrieveRefunds(sel: RetrievalInput, opts?: CallOptions): Promise<Result> {
    const found = await runRetrieval(ctx, "retrievalRefund", "refund_orders", sel, opts)
    return {
      refund_orders: found.records as RefundRecord[],
      responses: found.responses as Result["responses"],
      requests: found.requests,
    }
  }
}
