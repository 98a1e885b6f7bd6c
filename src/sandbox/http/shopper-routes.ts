import type { SandboxCore } from "../core"
import { apmPage, cardPage, challengePage, messagePage } from "../html/pages"
import { answerChallenge, apmDecision, payWithCard, shopperCancel, type CardAttempt } from "../shopper"
import type { Order } from "../state/order"
import { queryResult } from "../state/status"
import type { PageSession } from "../state/store"
import { html, redirect, type Reply } from "./reply"

/**
 * Browser pages: the card page (second POST of the loading form), the 3-D
 * Secure challenge, the APM approval page and the return/cancel addresses.
 * Results send the browser (303) to the merchant's return_url or cancel_url.
 */
const str = (v: unknown) => (typeof v === "string" ? v : "")

/** The merchant's address with the result appended (order_no, transaction_id, order_status). */
function merchantReturn(o: Order, cancelled: boolean): Reply {
  const target = (cancelled && str(o.request.cancel_url)) || str(o.request.return_url)
  if (!target) return html(messagePage("Payment finished", "You can close this window.", undefined, o.order_info))
  const u = new URL(target)
  u.searchParams.set("order_no", o.order_no)
  u.searchParams.set("transaction_id", o.transaction_id)
  u.searchParams.set("order_status", queryResult(o))
  return redirect(u.toString())
}

function afterAttempt(core: SandboxCore, s: PageSession, a: CardAttempt, body: Record<string, unknown>): Reply {
  const o = core.store.byTransaction(s.transaction_id)!
  switch (a.kind) {
    case "invalid":
      return html(cardPage(o, s.token, core.baseUrl, { error: a.message, holder: str(body.card_holder), expiry: str(body.expiry) }), 422)
    case "challenge":
      return html(challengePage(o, s.token, core.baseUrl))
    case "done":
    case "closed":
      return merchantReturn(a.order, a.order.state === "cancelled" && a.order.history.at(-1)?.by === "shopper")
  }
}

const notFound = () => html(messagePage("Payment session not found", "This payment link is unknown or has expired."), 404)

/** Second POST of the loading page (it carries gbc_id, no merchant signature). */
export function cardPageFor(core: SandboxCore, s: PageSession): Reply {
  const o = core.store.byTransaction(s.transaction_id)!
  if (o.state !== "waiting") return merchantReturn(o, false)
  return html(s.challenge ? challengePage(o, s.token, core.baseUrl) : cardPage(o, s.token, core.baseUrl))
}

export function pageRoute(core: SandboxCore, method: string, path: string, body: Record<string, unknown>): Reply | null {
  const m = /^\/(pay|apm)\/([0-9a-f]{32})(?:\/(3ds|return|cancel))?$/.exec(path)
  if (!m) return null
  const [, area, token, sub] = m
  const s = core.store.session(token)
  if (!s || s.kind !== (area === "pay" ? "card" : "apm")) return notFound()
  const o = core.store.byTransaction(s.transaction_id)!
  if (area === "apm" && !sub) {
    if (method === "GET") return o.state === "waiting" ? html(apmPage(o, token, core.baseUrl)) : merchantReturn(o, false)
    if (method === "POST") return afterAttempt(core, s, apmDecision(core, s, body.action === "approve"), body)
  }
  if (area === "pay" && !sub && method === "POST") {
    if (body.action === "cancel") return afterAttempt(core, s, shopperCancel(core, s), body)
    return afterAttempt(core, s, payWithCard(core, s, { card_number: str(body.card_number), expiry: str(body.expiry), cvv: str(body.cvv) }), body)
  }
  if (area === "pay" && sub === "3ds" && method === "POST") return afterAttempt(core, s, answerChallenge(core, s, str(body.code)), body)
  if (area === "pay" && sub === "return" && (method === "GET" || method === "POST")) return merchantReturn(o, false)
  if (area === "pay" && sub === "cancel" && (method === "GET" || method === "POST")) {
    return o.state === "waiting" ? afterAttempt(core, s, shopperCancel(core, s), body) : merchantReturn(o, true)
  }
  return { status: 405, contentType: "text/plain; charset=utf-8", body: "method not allowed" }
}
