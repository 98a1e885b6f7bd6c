import type { BatchResult, CallOptions } from "../client-types"
import { runBatch } from "../batch"
import type { ClientContext } from "../context"
import { RefundOrder, RefundResponse, type RefundResult } from "../schemas"

/** POST /v1/refund (gateway-interface.md §4.7, ≤ 50 orders per request); per-request failures are listed in `failed`. */
export function refundOperation(ctx: ClientContext) {
  return function refund(
    req: { refund_orders: RefundOrder[] },
    opts?: CallOptions,
  ): Promise<BatchResult<RefundResult, RefundOrder, RefundResponse>> {
    return runBatch(ctx, { op: "refund", order: RefundOrder, response: RefundResponse }, req, opts)
  }
}
