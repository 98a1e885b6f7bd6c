import type { SandboxCore } from "./core"
import * as machine from "./state/machine"
import type { Actor, Order, RefundEntry } from "./state/order"

/**
 * Merchant-side actions (API batch entries and the "portal"): one state-machine
 * move plus its side effects (refund completion timer, notifications).
 */
export type ActionResult = { ok: true; order: Order } | { ok: false; code: string; message: string }

export function doCapture(core: SandboxCore, o: Order, currency: string, amount_minor: number, by: Actor): ActionResult {
  const move = machine.capture(o, { currency, amount_minor }, by, core.clock.now(), core.options.capture_window_ms)
  return move.ok ? { ok: true, order: core.commit(move)! } : move
}

export function doCancel(core: SandboxCore, o: Order, by: Actor): ActionResult {
  const move = machine.cancel(o, by, core.clock.now())
  return move.ok ? { ok: true, order: core.commit(move)! } : move
}

export function doReview(core: SandboxCore, o: Order, accept: boolean, by: Actor): ActionResult {
  const move = machine.review(o, accept, by, core.clock.now())
  if (!move.ok) return move
  const order = core.commit(move)!
  core.notifyOrder(order, "review")
  return { ok: true, order }
}

/** Refund; with refund_processing_ms > 0 it is processing (2) first and completes later. */
export function doRefund(
  core: SandboxCore,
  o: Order,
  input: { currency: string; refund_minor: number; reason: string },
  by: Actor,
): ActionResult & { refund?: RefundEntry } {
  const processing = core.options.refund_processing_ms > 0
  const move = machine.refund(o, { ...input, processing }, by, core.clock.now())
  if (!move.ok) return move
  const order = core.commit(move)!
  const refund = order.refunds[order.refunds.length - 1]
  if (processing) {
    core.scheduler.after(core.options.refund_processing_ms, () => {
      const current = core.store.byTransaction(order.transaction_id)
      if (!current) return
      const done = core.commit(machine.completeRefund(current, refund.seq, core.clock.now()))
      if (done) core.notifyRefund(done, done.refunds.find((r) => r.seq === refund.seq)!)
    })
  } else {
    core.notifyRefund(order, refund)
  }
  return { ok: true, order, refund }
}
