import { z } from "zod"
import type { OrphanOutcome } from "../books/orphan"

/** One thing reconciliation records through a workflow of its own; its steps plan them, one run each. */
export const ReconcileItem = z.discriminatedUnion("kind", [
  /** A capture the gateway made: recordCaptureWorkflow, the provider reads the gateway's state. */
  z.object({ kind: z.literal("capture"), payment_id: z.string(), amount: z.string() }),
  /** A refund the gateway made: recordGatewayRefundWorkflow. */
  z.object({
    kind: z.literal("refund"),
    payment_id: z.string(),
    amount: z.string(),
    refund_reference_id: z.string(),
  }),
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
])
export type ReconcileItem = z.infer<typeof ReconcileItem>

/** An item to run, unless the item at index `after` of the same list failed or was skipped. */
export type PlannedItem = ReconcileItem & { after?: number }

/** What an item's workflow answers: an orphan's outcome, a held session authorised, a cart's order. */
export interface ItemOutput {
  orphan?: OrphanOutcome
  authorised?: boolean
  order_id?: string
  /** An unplaceable cart's settlement; null: a Medusa payment or order holds it. */
  unplaceable?: OrphanOutcome | null
}

/** Each item's run: done with its workflow's answer, failed with its message, or skipped. */
export type ItemResult = ({ status: "done" } & ItemOutput) | { status: "failed"; error: string } | { status: "skipped" }

/** Whether item i may run: the item it comes after, if any, is done. */
export function mayRun(items: PlannedItem[], results: ItemResult[], i: number): boolean {
  const after = items[i].after
  return after === undefined || results[after]?.status === "done"
}
