import type { BatchResult, CallOptions } from "../client-types"
import { runBatch } from "../batch"
import type { ClientContext } from "../context"
import { CaptureOrder, CaptureResponse, type CaptureResult } from "../schemas"

/** POST /v1/capture (gateway-interface.md §4.4, ≤ 50 orders per request); per-request failures are listed in `failed`. */
export function captureOperation(ctx: ClientContext) {
  return function capture(
    req: { capture_orders: CaptureOrder[] },
    opts?: CallOptions,
  ): Promise<BatchResult<CaptureResult, CaptureOrder, CaptureResponse>> {
    return runBatch(ctx, { op: "capture", order: CaptureOrder, response: CaptureResponse }, req, opts)
  }
}
