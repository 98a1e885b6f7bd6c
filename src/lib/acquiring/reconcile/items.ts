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

/**
 * Each item's run: done (an orphan's outcome; whether a held session was still waiting and so
 * authorised), failed with its message, or skipped.
 */
export type ItemResult =
  | { status: "done"; orphan?: OrphanOutcome; authorised?: boolean }
  | { status: "failed"; error: string }
  | { status: "skipped" }

/** Whether item i may run: the item it comes after, if any, is done. */
export function mayRun(items: PlannedItem[], results: ItemResult[], i: number): boolean {
  const after = items[i].after
  return after === undefined || results[after]?.status === "done"
}
