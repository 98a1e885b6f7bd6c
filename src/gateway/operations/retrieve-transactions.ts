import type { CallOptions, GatewayClient, RetrievalInput } from "../client-types"
import type { ClientContext } from "../context"
import { runRetrieval } from "../retrieval"
import type { OrderRecord } from "../schemas"

type Result = Awaited<ReturnType<GatewayClient["retrieveTransactions"]>>

/** The spec §4.3. */
export function retrieveTransactionsOperation(ctx: ClientContext) {
  return async function retrieveTransactions(sel: RetrievalInput, opts?: CallOptions): Promise<Result> {
    const found = await runRetrieval(ctx, "retrievalTrans", "orders_list", sel, opts)
    return {
      orders_list: found.records as OrderRecord[],
      responses: found.responses as Result["responses"],
      requests: found.requests,
    }
  }
}
