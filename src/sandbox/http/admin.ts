import { apm, pay, portal, findOrder, type DisputeOutcome, type OrderRef } from "../control"
import { ControlError } from "../control-error"
import type { SandboxCore } from "../core"
import { FAULT_TARGETS, type FaultTarget } from "../faults"
import { inspectOrder } from "../records"
import { json, type Reply } from "./reply"
import { readingsView } from "../silent-points"
import { revokeToken, tokenView } from "../tokens"

/** /__sandbox/*: inspection and control; never faulted. */
type Body = Record<string, unknown>
const s = (v: unknown) => (typeof v === "string" && v ? v : undefined)
const ref = (b: Body | URLSearchParams): OrderRef =>
  b instanceof URLSearchParams
    ? {
        transaction_id: b.get("transaction_id") ?? undefined,
        order_no: b.get("order_no") ?? undefined,
        merchant_id: b.get("merchant_id") ?? undefined,
      }
    : { transaction_id: s(b.transaction_id), order_no: s(b.order_no), merchant_id: s(b.merchant_id) }

export function inspection(core: SandboxCore) {
  return {
    orders: () => core.store.allOrders().map(inspectOrder),
    notifications: () => core.notifier.list(),
    requests: () => core.requests.list(),
    payouts: () => core.payouts.all().map((p) => ({ ...p.response })),
    readings: () => readingsView(core.options, core.readings),
  }
}

function get(core: SandboxCore, what: string, query: URLSearchParams): Reply | null {
  const view = inspection(core)
  switch (what) {
    case "orders":
      return query.has("transaction_id") || query.has("order_no")
        ? json(inspectOrder(findOrder(core, ref(query))))
        : json(view.orders())
    case "notifications":
      return json(view.notifications())
    case "requests":
      return json(view.requests())
    case "payouts":
      return json(view.payouts())
    case "readings":
      return json(view.readings())
    case "faults":
      return json(core.faults.active())
    case "tokens":
      return json(core.tokens.list().map(tokenView))
    case "":
      return json({
        seed: core.seed,
        base_url: core.baseUrl,
        server_mode: core.options.server_mode,
        now: new Date(core.clock.now()).toISOString(),
      })
  }
  return null
}

function post(core: SandboxCore, what: string, body: Body): Reply | null {
  switch (what) {
    case "faults":
      return json(core.faults.add(body), 201)
    case "tokens/revoke":
      return json(revokeToken(core, body.token_id))
    case "clock":
      return json({ now: new Date(core.clock.advance(Number(body.advance_ms ?? 0))).toISOString() })
    case "pay":
      return json(
        pay(core, ref(body), {
          card: s(body.card),
          expiry: s(body.expiry),
          cvv: s(body.cvv),
          three_ds_code: s(body.three_ds_code),
          action: body.action === "cancel" ? "cancel" : "pay",
        }),
      )
    case "apm":
      return json(apm(core, ref(body), body.approve !== false && body.approve !== "false"))
    case "portal/capture":
      return json(portal.capture(core, ref(body), s(body.amount)))
    case "portal/cancel":
      return json(portal.cancel(core, ref(body)))
    case "portal/refund":
      return json(portal.refund(core, ref(body), s(body.refund_amount), s(body.refund_reason)))
    case "portal/review":
      return json(portal.review(core, ref(body), body.accept !== false && body.accept !== "false"))
    case "portal/dispute/open":
      // portal.openDispute checks the types (400 for a missing reason or a malformed amount).
      return json(
        portal.openDispute(core, ref(body), {
          reason: body.reason as string,
          amount: s(body.amount),
          deadline: s(body.deadline),
        }),
      )
    case "portal/dispute/close":
      return json(portal.closeDispute(core, ref(body), body.result as DisputeOutcome, s(body.dispute_id)))
  }
  return null
}

export function adminRoute(core: SandboxCore, method: string, path: string, query: URLSearchParams, body: Body): Reply {
  const what = path.replace(/^\/__sandbox\/?/, "").replace(/\/$/, "")
  try {
    let reply: Reply | null = null
    if (method === "GET") reply = get(core, what, query)
    else if (method === "POST") reply = post(core, what, body)
    else if (method === "DELETE" && what === "faults") {
      const id = query.get("id")
      const target = query.get("target")
      if (target && !(FAULT_TARGETS as readonly string[]).includes(target))
        return json({ error: `unknown target ${target}` }, 400)
      reply = json({ removed: core.faults.clear(id ? Number(id) : ((target ?? undefined) as FaultTarget | undefined)) })
    }
    return reply ?? json({ error: `no admin route ${method} ${path}` }, 404)
  } catch (err) {
    if (err instanceof ControlError) {
      return json(
        err.source === undefined ? { error: err.message } : { error: err.message, source: err.source },
        err.status,
      )
    }
    return json({ error: err instanceof Error ? err.message : String(err) }, 400)
  }
}
