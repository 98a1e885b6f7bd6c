import type { BatchResult, CallOptions } from "../client-types"
import { runBatch } from "../batch"
import type { ClientContext } from "../context"
import { CancelOrder, CancelResponse, type CancelResult } from "../schemas"

/** POST /v1/cancel (gateway-interface.md §4.6, ≤ 50 orders per request); per-request failures are listed in `failed`. */
export function cancelOperation(ctx: ClientContext) {
  return function cancel(
    req: { cancel_orders: CancelOrder[] },
    opts?: CallOptions,
  ): Promise<BatchResult<CancelResult, CancelOrder, CancelResponse>> {
    return runBatch(ctx, { op: "cancel", order: CancelOrder, response: CancelResponse }, req, opts)
  }
}
