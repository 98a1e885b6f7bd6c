import type { SandboxCore } from "../core"
import { apmPage, cardPage, challengePage, messagePage } from "../html/shopper-pages"
import { answerChallenge, apmDecision, payWithCard, shopperCancel, type CardAttempt } from "../shopper"
import type { Order } from "../state/order"
import { queryResult } from "../state/status"
import type { PageSession } from "../state/store"
import { payingToken } from "../tokens"
import { html, redirect, type Reply } from "./reply"

/** Card page, 3-D Secure challenge, APM approval; results redirect (303) to the merchant's return_url or cancel_url. */
const str = (v: unknown) => (typeof v === "string" ? v : "")

function merchantReturn(order: Order, cancelled: boolean): Reply {
  const target = (cancelled && str(order.request.cancel_url)) || str(order.request.return_url)
  if (!target) return html(messagePage("Payment finished", "You can close this window.", undefined, order.order_info))
  const url = new URL(target)
  url.searchParams.set("order_no", order.order_no)
  url.searchParams.set("transaction_id", order.transaction_id)
  url.searchParams.set("order_status", queryResult(order))
  return redirect(url.toString())
}

function afterAttempt(
  core: SandboxCore,
  session: PageSession,
  attempt: CardAttempt,
  body: Record<string, unknown>,
): Reply {
  const order = core.store.byTransaction(session.transaction_id)!
  switch (attempt.kind) {
    case "invalid":
      return html(
        cardPage(order, session.token, core.baseUrl, {
          error: attempt.message,
          holder: str(body.card_holder),
          expiry: str(body.expiry),
          saved: payingToken(core, order),
        }),
        422,
      )
    case "challenge":
      return html(challengePage(order, session.token, core.baseUrl))
    case "done":
    case "closed":
      return merchantReturn(
        attempt.order,
        attempt.order.state === "cancelled" && attempt.order.history.at(-1)?.by === "shopper",
      )
  }
}

const notFound = () =>
  html(messagePage("Payment session not found", "This payment link is unknown or has expired."), 404)

/** It carries gbc_id, no merchant signature. */
export function cardPageFor(core: SandboxCore, s: PageSession): Reply {
  const o = core.store.byTransaction(s.transaction_id)!
  if (o.state !== "waiting") return merchantReturn(o, false)
  return html(
    s.challenge
      ? challengePage(o, s.token, core.baseUrl)
      : cardPage(o, s.token, core.baseUrl, { saved: payingToken(core, o) }),
  )
}

export function pageRoute(
  core: SandboxCore,
  method: string,
  path: string,
  body: Record<string, unknown>,
): Reply | null {
  const match = /^\/(pay|apm)\/([0-9a-f]{32})(?:\/(3ds|return|cancel))?$/.exec(path)
  if (!match) return null
  const [, area, token, sub] = match
  const session = core.store.session(token)
  if (!session || session.kind !== (area === "pay" ? "card" : "apm")) return notFound()
  const order = core.store.byTransaction(session.transaction_id)!
  if (area === "apm" && !sub) {
    if (method === "GET")
      return order.state === "waiting" ? html(apmPage(order, token, core.baseUrl)) : merchantReturn(order, false)
    if (method === "POST")
      return afterAttempt(core, session, apmDecision(core, session, body.action === "approve"), body)
  }
  if (area === "pay" && !sub && method === "POST") {
    if (body.action === "cancel") return afterAttempt(core, session, shopperCancel(core, session), body)
    return afterAttempt(
      core,
      session,
      payWithCard(core, session, { card_number: str(body.card_number), expiry: str(body.expiry), cvv: str(body.cvv) }),
      body,
    )
  }
  if (area === "pay" && sub === "3ds" && method === "POST")
    return afterAttempt(core, session, answerChallenge(core, session, str(body.code)), body)
  if (area === "pay" && sub === "return" && (method === "GET" || method === "POST")) return merchantReturn(order, false)
  if (area === "pay" && sub === "cancel" && (method === "GET" || method === "POST")) {
    return order.state === "waiting"
      ? afterAttempt(core, session, shopperCancel(core, session), body)
      : merchantReturn(order, true)
  }
  return { status: 405, contentType: "text/plain; charset=utf-8", body: "method not allowed" }
}
