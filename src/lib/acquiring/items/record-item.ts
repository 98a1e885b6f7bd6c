import { z } from "zod"
import type { RefundResult } from "../../../gateway/schemas/batch"
import type { RefundRecord } from "../../../gateway/schemas/transactions"
import type { OrphanOutcome } from "../books/orphan"
import type { ReleaseOutcome } from "../kept-orders"
import type { SealedPaymentData } from "../payments/sealed-capture"
import type { PlannedReview } from "../review/types"

/** One thing the gateway did that Medusa records through a workflow of its own; callers plan them, one run each. */
export const RecordItem = z.discriminatedUnion("kind", [
  /** A capture the gateway made: recordCaptureWorkflow; without a seal the provider reads the gateway's state. */
  z.object({
    kind: z.literal("capture"),
    payment_id: z.string(),
    amount: z.string(),
    sealed: z.custom<SealedPaymentData>().nullable().optional(),
  }),
  /** A refund the gateway made: recordGatewayRefundWorkflow; a bulk call passes the batch's answer. */
  z.object({
    kind: z.literal("refund"),
    payment_id: z.string(),
    amount: z.string(),
    refund_reference_id: z.string(),
    refund: z.custom<RefundResult | RefundRecord>().optional(),
    source: z.enum(["bulk", "reconciliation"]).optional(),
  }),
  /** A void the gateway made in a bulk call: recordCancelStep. */
  z.object({ kind: z.literal("cancel"), payment_id: z.string() }),
  /** A held order the gateway accepted: authoriseHeldWorkflow, under its session's lock. */
  z.object({ kind: z.literal("authorize_held"), payment_session_id: z.string(), order_id: z.string() }),
  /** A paid cart whose notification was lost: completeCartWorkflow, under its stock locks and its lock. */
  z.object({ kind: z.literal("complete_cart"), cart_id: z.string() }),
  /** A paid session of a collection without a cart: processPaymentWorkflow, as the notification would. */
  z.object({ kind: z.literal("authorize_collection"), session_id: z.string(), amount: z.string() }),
  /** A paid cart that can never become an order: settleUnplaceableWorkflow, under the cart's lock. */
  z.object({
    kind: z.literal("settle_unplaceable"),
    cart_id: z.string(),
    session_id: z.string(),
    order_no: z.string(),
    cause: z.string(),
    reason: z.string(),
  }),
  /** A gateway order of no live session: settleOrphanWorkflow. */
  z.object({ kind: z.literal("settle_orphan"), order_no: z.string(), reason: z.string() }),
  /** A canceled order's captured rest: refundCanceledOrderWorkflow. */
  z.object({
    kind: z.literal("refund_canceled"),
    payment_id: z.string(),
    order_id: z.string(),
    amount: z.string(),
    note: z.string(),
  }),
  /** A review decision the gateway took: applyReviewDecisionWorkflow. */
  z.object({ kind: z.literal("review_decision"), planned: z.custom<PlannedReview>(), actor: z.string().optional() }),
  /** A kept authorisation no longer needed: releaseKeptAuthorisationWorkflow voids and records it. */
  z.object({
    kind: z.literal("release_kept"),
    payment_id: z.string(),
    provider_id: z.string(),
    outcome: z.custom<ReleaseOutcome>(),
  }),
])
export type RecordItem = z.infer<typeof RecordItem>

/** An item to run, unless the item at index `after` of the same list failed or was skipped. */
export type PlannedItem = RecordItem & { after?: number }

/** What an item's workflow answers: an orphan's outcome, a held session authorised, a cart's order. */
export interface ItemOutput {
  orphan?: OrphanOutcome
  authorised?: boolean
  order_id?: string
  /** An unplaceable cart's settlement; null: a Medusa payment or order holds it. */
  unplaceable?: OrphanOutcome | null
  /** A review decision: whether Medusa followed it now (false: it already had). */
  applied?: boolean
}

/** Each item's run: done with its workflow's answer, failed with its message, or skipped. */
export type ItemResult = ({ status: "done" } & ItemOutput) | { status: "failed"; error: string } | { status: "skipped" }

/** Whether item i may run: the item it comes after, if any, is done. */
export function mayRun(items: PlannedItem[], results: ItemResult[], i: number): boolean {
  const after = items[i].after
  return after === undefined || results[after]?.status === "done"
}

/** How many items may run at once: one when any item waits for another. */
export function itemConcurrency(items: PlannedItem[], wanted = 1): number {
  return items.some((i) => i.after !== undefined) ? 1 : Math.max(1, wanted)
}
