import type { BatchResult, CallOptions } from "../client-types"
import { runBatch } from "../batch"
import type { ClientContext } from "../context"
import { ReviewOrder, ReviewResponse, type ReviewResult } from "../schemas"

/** POST /v1/review (gateway-interface.md §4.5, ≤ 100 orders per request); per-request failures are listed in `failed`. */
export function reviewOperation(ctx: ClientContext) {
  return function review(
    req: { review_orders: ReviewOrder[] },
    opts?: CallOptions,
  ): Promise<BatchResult<ReviewResult, ReviewOrder, ReviewResponse>> {
    return runBatch(ctx, { op: "review", order: ReviewOrder, response: ReviewResponse }, req, opts)
  }
}
