import type { OrderRecord } from "../../../gateway/schemas/transactions"
import { classifyCompletionFailure } from "../completion"
import type { OpenSession } from "../queries/open-carts"
import { mapOrderRecord } from "../status"
import type { ReconcileChange } from "./change"
import type { ItemResult, PlannedItem } from "../items/record-item"

/** A line of the open carts, in session order; with `item`, what that item's run makes of it. */
export interface CartSlot {
  change: ReconcileChange
  item?: number
  /** A completion whose permanent failure gives the money back now (its grace period is over). */
  settle?: boolean
  session_id?: string
}

export interface CartPlan {
  sessions_checked: number
  slots: CartSlot[]
  items: PlannedItem[]
}

export interface RepairOptions {
  complete: boolean
  status_map: Record<string, never> | Record<string, string>
  settle_unplaceable: boolean
}

/** A paid gateway order whose cart never completed: complete it as the lost notification would have, or report. */
export function planCart(plan: CartPlan, session: OpenSession, record: OrderRecord | undefined, opts: RepairOptions) {
  const mapped = mapOrderRecord(record, opts.status_map as never)
  if (mapped.status !== "authorized" && mapped.status !== "captured") return
  const base = { order_no: session.data.order_no, cart_id: session.cart_id, amount: session.data.amount }
  if (!session.cart_id) {
    const { session_id } = session
    const item = plan.items.push({ kind: "authorize_collection", session_id, amount: session.data.amount }) - 1
    plan.slots.push({ change: { ...base, kind: "collection_authorized" }, item })
  } else if (!opts.complete)
    plan.slots.push({
      change: {
        ...base,
        kind: "cart_paid_not_completed",
        detail: `gateway status ${mapped.code}; reconcile_complete_carts is off`,
      },
    })
  else {
    const item = plan.items.push({ kind: "complete_cart", cart_id: session.cart_id }) - 1
    const { session_id } = session
    plan.slots.push({ change: { ...base, kind: "cart_completed" }, item, settle: opts.settle_unplaceable, session_id })
  }
}

const failed = (r: ItemResult | undefined) => (r?.status === "failed" ? r.error : undefined)

/** The carts that can never become orders, their grace over: given back, one item each (slot → item). */
export function planSettlements(plan: CartPlan, results: ItemResult[]) {
  const items: PlannedItem[] = []
  const slotOf: number[] = []
  plan.slots.forEach((s, i) => {
    const error = s.item === undefined ? undefined : failed(results[s.item])
    if (error === undefined || !s.settle || plan.items[s.item!].kind !== "complete_cart") return
    const failure = classifyCompletionFailure({ message: error })
    if (!failure.permanent) return
    const { cart_id, order_no } = s.change
    const cart = { cart_id: cart_id!, session_id: s.session_id!, order_no, cause: failure.cause, reason: error }
    items.push({ kind: "settle_unplaceable", ...cart })
    slotOf.push(i)
  })
  return { items, slot_of: slotOf }
}

/** Every open cart's line once its completion, and its settlement if any, ran. */
export function cartLines(
  plan: CartPlan,
  results: ItemResult[],
  settled: { items: PlannedItem[]; slot_of: number[]; results: ItemResult[] },
): ReconcileChange[] {
  return plan.slots.map(({ change, item }, i): ReconcileChange => {
    if (item === undefined) return change
    const { order_no, cart_id, amount } = change
    const base = { order_no, cart_id, amount }
    const r = results[item]
    if (plan.items[item].kind === "authorize_collection")
      return r?.status === "done"
        ? change
        : { ...base, kind: "error", detail: `authorising the session failed: ${failed(r)}` }
    if (r?.status === "done") return { ...change, order_id: r.order_id }
    const error = failed(r)
    const detail = `completing the cart failed: ${error}`
    const failure = classifyCompletionFailure({ message: error })
    if (!failure.permanent) return { ...base, kind: "cart_paid_not_completed", detail }
    const j = settled.slot_of.indexOf(i)
    if (j < 0)
      return {
        ...base,
        kind: "cart_paid_not_completed",
        detail: `${detail} (${failure.cause}; given back after the grace period)`,
      }
    const s = settled.results[j]
    if (s?.status !== "done")
      return {
        ...base,
        kind: "error",
        detail: `giving back the payment of an unplaceable cart failed: ${failed(s)}`,
      }
    if (!s.unplaceable)
      return {
        ...base,
        kind: "cart_paid_not_completed",
        detail: `${failure.cause}: ${error}; a Medusa payment or order holds it`,
      }
    return { ...base, kind: "cart_unplaceable_settled", detail: s.unplaceable.detail }
  })
}
