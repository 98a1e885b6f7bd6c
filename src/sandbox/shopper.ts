import type { SandboxCore } from "./core"
import * as machine from "./state/machine"
import type { Order } from "./state/order"
import type { PageSession } from "./state/store"
import { THREE_DS_CODE, cardOutcome, last4 } from "./test-cards"
import { issueTokenAfterResult, payingToken, rememberTypedCard, savedCardProblem } from "./tokens"

/** What the shopper does on the sandbox's pages (or the handle for them); every finished payment notifies. */
export type CardAttempt =
  | { kind: "done"; order: Order }
  | { kind: "challenge" }
  | { kind: "invalid"; message: string }
  | { kind: "closed"; order: Order }

function finish(
  core: SandboxCore,
  o: Order,
  outcome: machine.ShopperOutcome,
  card?: { last4?: string; is3ds?: boolean },
): CardAttempt {
  const move = machine.shopperResult(o, outcome, core.clock.now(), card)
  if (!move.ok) return { kind: "closed", order: o }
  const order = issueTokenAfterResult(core, core.commit(move)!)
  core.notifyOrder(order, "payment")
  return { kind: "done", order }
}

export function validateCard(input: {
  card_number?: string
  expiry?: string
  cvv?: string
  now: number
}): string | null {
  const digits = (input.card_number ?? "").replace(/[\s-]/g, "")
  if (cardOutcome(digits) === null) return "The card number is not valid. Check the digits."
  const exp = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(input.expiry ?? "")
  if (!exp || Number(exp[1]) < 1 || Number(exp[1]) > 12) return "Enter the expiry date as MM/YY."
  const year = exp[2].length === 2 ? 2000 + Number(exp[2]) : Number(exp[2])
  const now = new Date(input.now)
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && Number(exp[1]) < now.getUTCMonth() + 1)) {
    return "The card has expired."
  }
  if (!/^\d{3,4}$/.test(input.cvv ?? "")) return "Enter the 3 or 4 digit security code (CVV)."
  return null
}

/** Only last4 survives this function. */
export function payWithCard(
  core: SandboxCore,
  session: PageSession,
  card: { card_number?: string; expiry?: string; cvv?: string },
): CardAttempt {
  const order = core.store.byTransaction(session.transaction_id)!
  if (order.state !== "waiting") return { kind: "closed", order: order }
  // A saved card (token_id at checkout): only the CVV is asked; it behaves as the tokenised card.
  const saved = payingToken(core, order)
  const problem = saved ? savedCardProblem(card.cvv) : validateCard({ ...card, now: core.clock.now() })
  if (problem) return { kind: "invalid", message: problem }
  const outcome = saved ? saved.outcome : cardOutcome(card.card_number!)!
  const l4 = saved ? saved.last4 : last4(card.card_number!)
  if (!saved) {
    const digits = card.card_number!.replace(/[\s-]/g, "")
    rememberTypedCard(core, order.transaction_id, { digits, expiry: card.expiry!, outcome })
  }
  if (outcome === "challenge") {
    session.challenge = { last4: l4 }
    return { kind: "challenge" }
  }
  const map = {
    success: "approved",
    decline: "declined",
    review: "review",
    insufficient_funds: "insufficient_funds",
    expired_card: "expired_card",
  } as const
  return finish(core, order, map[outcome], { last4: l4, is3ds: false })
}

export function answerChallenge(core: SandboxCore, session: PageSession, code: string): CardAttempt {
  const o = core.store.byTransaction(session.transaction_id)!
  if (o.state !== "waiting" || !session.challenge) return { kind: "closed", order: o }
  const { last4: l4 } = session.challenge
  session.challenge = undefined
  return finish(core, o, code.trim() === THREE_DS_CODE ? "approved" : "three_ds_failed", { last4: l4, is3ds: true })
}

export function shopperCancel(core: SandboxCore, session: PageSession): CardAttempt {
  const o = core.store.byTransaction(session.transaction_id)!
  return finish(core, o, "cancelled")
}

export function apmDecision(core: SandboxCore, session: PageSession, approve: boolean): CardAttempt {
  const o = core.store.byTransaction(session.transaction_id)!
  return finish(core, o, approve ? "approved" : "apm_rejected")
}
