import type { ReconcileChange } from "./change"
import type { ReconcileAction } from "./diff"
import type { ItemResult, PlannedItem } from "../items/record-item"

type Base = Pick<ReconcileChange, "order_no" | "payment_id" | "order_id">

/** One line of a payment's drift, in the diff's order; with `item` it holds once that item is recorded. */
export interface DriftSlot {
  change: ReconcileChange
  item?: number
  /** The payment's cancel, recorded by the planning step itself. */
  cancel?: true
}

/**
 * A payment's actions as lines: the capture and refunds become items appended to `items` (a refund
 * waits for the capture: Medusa refuses a refund above the captured amount), the rest stand as they are.
 */
export function planActions(actions: ReconcileAction[], base: Base, items: PlannedItem[]): DriftSlot[] {
  const payment_id = base.payment_id!
  let capture: number | undefined
  return actions.map((a): DriftSlot => {
    switch (a.type) {
      case "capture":
        capture = items.push({ kind: "capture", payment_id, amount: a.amount }) - 1
        return { change: { ...base, kind: "capture", amount: a.amount }, item: capture }
      case "refund": {
        const { amount, refund_reference_id } = a
        const after = capture === undefined ? {} : { after: capture }
        const item = items.push({ kind: "refund", payment_id, amount, refund_reference_id, ...after }) - 1
        return { change: { ...base, kind: "refund", amount, refund_reference_id }, item }
      }
      case "cancel":
        return { change: { ...base, kind: "cancel" }, cancel: true }
      case "refund_status":
        return {
          change: {
            ...base,
            kind: "refund_status",
            refund_reference_id: a.refund_reference_id,
            detail: `${a.from ?? "new"} → ${a.to}`,
          },
        }
      case "refund_failed":
        return {
          change: {
            ...base,
            kind: "refund_failed",
            amount: a.amount,
            refund_reference_id: a.refund_reference_id,
            detail: "the gateway reports this Medusa refund as failed; the money was not returned",
          },
        }
      case "conflict":
        return { change: { ...base, kind: "conflict", detail: a.detail } }
    }
  })
}

/**
 * The lines once the items ran: a failed item is an error line naming its action, and after a failed
 * capture nothing more of that payment (its refunds were skipped).
 */
export function driftLines(slots: DriftSlot[], items: PlannedItem[], results: ItemResult[]): ReconcileChange[] {
  const stopped = new Set<string | undefined>()
  const out: ReconcileChange[] = []
  for (const { change, item } of slots) {
    if (stopped.has(change.payment_id)) continue
    if (item === undefined) {
      out.push(change)
      continue
    }
    const result = results[item]
    if (result?.status === "done") out.push(change)
    else if (result?.status === "failed") {
      const kind = items[item].kind
      out.push({ ...baseOf(change), kind: "error", detail: `${kind}: ${result.error}` })
      if (kind === "capture") stopped.add(change.payment_id)
    }
  }
  return out
}

const baseOf = (c: ReconcileChange): Base => ({ order_no: c.order_no, payment_id: c.payment_id, order_id: c.order_id })
