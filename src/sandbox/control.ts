import { doCancel, doCapture, doCloseDispute, doOpenDispute, doRefund, doReview, type ActionResult } from "./actions"
import { ControlError } from "./control-error"
import type { SandboxCore } from "./core"
import { fromMinor, toMinor } from "./money"
import { inspectOrder } from "./records"
import { answerChallenge, apmDecision, payWithCard, shopperCancel, type CardAttempt } from "./shopper"
import type { Order } from "./state/order"
import { THREE_DS_CODE } from "./test-cards"

/** Act as the shopper or as the merchant in the portal; used by the handle and by POST /__sandbox/*. */
export interface OrderRef {
  transaction_id?: string
  order_no?: string
  merchant_id?: string
}

export type OrderView = ReturnType<typeof inspectOrder>

export function findOrder(core: SandboxCore, ref: OrderRef): Order {
  if (!ref || (!ref.transaction_id && !ref.order_no)) throw new ControlError(400, "give transaction_id or order_no")
  const o = core.store.find(ref)
  if (!o) throw new ControlError(404, `no order ${ref.transaction_id ?? ref.order_no}`)
  return o
}

export interface PayInput {
  /** Test card number (default the success card). */
  card?: string
  expiry?: string
  cvv?: string
  /** Answer of the 3-D Secure challenge (default the right code). */
  three_ds_code?: string
  /** cancel = the shopper presses Cancel. */
  action?: "pay" | "cancel"
}

function sessionOf(core: SandboxCore, o: Order) {
  const s = core.store.sessionFor(o.transaction_id)
  if (!s) throw new ControlError(409, `order ${o.order_no} has no shopper session`)
  return s
}

function attemptView(core: SandboxCore, a: CardAttempt, o: Order): OrderView {
  if (a.kind === "invalid") throw new ControlError(422, a.message)
  if (a.kind === "closed")
    throw new ControlError(409, `order ${o.order_no} is no longer waiting for the shopper (${a.order.state})`)
  if (a.kind === "challenge") throw new ControlError(500, "challenge was not answered")
  return inspectOrder(a.order)
}

/** Simulate the shopper on the hosted page, as the browser flow does. */
export function pay(core: SandboxCore, ref: OrderRef, input: PayInput = {}): OrderView {
  const order = findOrder(core, ref)
  if (order.kind !== "card") throw new ControlError(409, `order ${order.order_no} is an APM payment; use apm()`)
  const session = sessionOf(core, order)
  if (input.action === "cancel") return attemptView(core, shopperCancel(core, session), order)
  const year = new Date(core.clock.now()).getUTCFullYear() + 3
  let attempt = payWithCard(core, session, {
    card_number: input.card ?? "4111111111111111",
    expiry: input.expiry ?? `12/${String(year).slice(-2)}`,
    cvv: input.cvv ?? "123",
  })
  if (attempt.kind === "challenge") attempt = answerChallenge(core, session, input.three_ds_code ?? THREE_DS_CODE)
  return attemptView(core, attempt, order)
}

export function apm(core: SandboxCore, ref: OrderRef, approve: boolean): OrderView {
  const o = findOrder(core, ref)
  if (o.kind !== "apm") throw new ControlError(409, `order ${o.order_no} is a card payment; use pay()`)
  return attemptView(core, apmDecision(core, sessionOf(core, o), approve), o)
}

export interface DisputeInput {
  /** The cardholder's reason as the bank states it (1 to 200 printable characters). */
  reason: string
  /** Disputed amount, two decimals; default the captured amount. */
  amount?: string
  /** Last day to answer, YYYY-MM-DD or ISO 8601; default a week after opening (sandbox clock). */
  deadline?: string
}

export type DisputeOutcome = "won" | "lost"
export const DISPUTE_OUTCOMES: readonly DisputeOutcome[] = ["won", "lost"]

function portalResult(r: ActionResult): OrderView {
  if (!r.ok) throw new ControlError(409, `${r.code}:${r.message}`)
  return inspectOrder(r.order)
}

export const portal = {
  capture(core: SandboxCore, ref: OrderRef, amount?: string): OrderView {
    const o = findOrder(core, ref)
    return portalResult(doCapture(core, o, o.currency, amount ? toMinor(amount) : o.amount_minor, "portal"))
  },
  cancel(core: SandboxCore, ref: OrderRef): OrderView {
    return portalResult(doCancel(core, findOrder(core, ref), "portal"))
  },
  /** Refund (default: everything left to refund). */
  refund(core: SandboxCore, ref: OrderRef, amount?: string, reason = "portal refund"): OrderView {
    const o = findOrder(core, ref)
    const left = fromMinor(o.captured_minor - o.refunded_minor)
    return portalResult(
      doRefund(core, o, { currency: o.currency, refund_minor: toMinor(amount ?? left), reason }, "portal"),
    )
  },
  review(core: SandboxCore, ref: OrderRef, accept: boolean): OrderView {
    return portalResult(doReview(core, findOrder(core, ref), accept, "portal"))
  },
  /** The cardholder's bank opens a dispute on a captured order (notify_type dispute, status opened). */
  openDispute(core: SandboxCore, ref: OrderRef, input: DisputeInput): OrderView {
    const o = findOrder(core, ref)
    if (typeof input?.reason !== "string") throw new ControlError(400, "give the dispute's reason")
    if (input.amount !== undefined && !/^\d{1,12}\.\d{2}$/.test(input.amount))
      throw new ControlError(400, "amount must be a decimal with two decimals")
    const amount_minor = input.amount === undefined ? undefined : toMinor(input.amount)
    return portalResult(
      doOpenDispute(core, o, { reason: input.reason, amount_minor, deadline: input.deadline }, "portal"),
    )
  },
  /** The open dispute (or the one named) ends: won or lost (notify_type dispute with that status). */
  closeDispute(core: SandboxCore, ref: OrderRef, outcome: DisputeOutcome, dispute_id?: string): OrderView {
    const o = findOrder(core, ref)
    if (!DISPUTE_OUTCOMES.includes(outcome))
      throw new ControlError(400, `the outcome is ${DISPUTE_OUTCOMES.join(" or ")}`)
    return portalResult(doCloseDispute(core, o, outcome, "portal", dispute_id))
  },
}
