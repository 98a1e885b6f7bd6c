import type { SandboxCore } from "./core"
import * as machine from "./state/machine"
import { isoDate } from "./clock"
import type { Actor, DisputeEntry, Order, RefundEntry } from "./state/order"

/** Merchant-side actions (API and "portal"): one state-machine move plus its side effects. */
export type ActionResult = { ok: true; order: Order } | { ok: false; code: string; message: string }

export function doCapture(
  core: SandboxCore,
  o: Order,
  currency: string,
  amount_minor: number,
  by: Actor,
): ActionResult {
  // The reading applies to the API; the portal (the merchant's own screen) captures as before.
  const full_only = by === "api" && core.options.readings.partial_capture === "refused"
  const move = machine.capture(
    o,
    { currency, amount_minor, full_only },
    by,
    core.clock.now(),
    core.options.capture_window_ms,
  )
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

/** With refund_processing_ms > 0 it is processing (2) first and completes later. */
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
      if (done)
        core.notifyRefund(
          done,
          done.refunds.find((r) => r.seq === refund.seq)!,
        )
    })
  } else {
    core.notifyRefund(order, refund)
  }
  return { ok: true, order, refund }
}

const WEEK = 7 * 86_400_000

/** Defaults: the captured amount, answer within a week. */
export function doOpenDispute(
  core: SandboxCore,
  o: Order,
  input: { reason: string; amount_minor?: number; deadline?: string },
  by: Actor,
): ActionResult & { dispute?: DisputeEntry } {
  const now = core.clock.now()
  const move = machine.openDispute(
    o,
    {
      dispute_id: core.newId("D"),
      reason: input.reason,
      amount_minor: input.amount_minor ?? o.captured_minor,
      deadline: input.deadline ?? isoDate(now + WEEK),
    },
    by,
    now,
  )
  if (!move.ok) return move
  const order = core.commit(move)!
  const dispute = order.disputes[order.disputes.length - 1]
  core.notifyDispute(order, dispute)
  return { ok: true, order, dispute }
}

export function doCloseDispute(
  core: SandboxCore,
  o: Order,
  outcome: "won" | "lost",
  by: Actor,
  dispute_id?: string,
): ActionResult & { dispute?: DisputeEntry } {
  const move = machine.closeDispute(o, outcome, by, core.clock.now(), dispute_id)
  if (!move.ok) return move
  const order = core.commit(move)!
  const before = new Set(o.disputes.filter((d) => d.status === "opened").map((d) => d.dispute_id))
  const dispute = order.disputes.find((d) => before.has(d.dispute_id) && d.status !== "opened")!
  core.notifyDispute(order, dispute)
  return { ok: true, order, dispute }
}
