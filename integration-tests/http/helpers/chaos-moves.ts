/**
 * The chaos shopper's moves that broke orders and money apart (#34): a new session on the collection
 * after the order is placed (the same tab, a second tab, a stranger with the collection id), taxes
 * calculated after the session in a region without automatic taxes, an admin cancelling an order
 * while its capture or its authorisation runs, and two carts buying the last unit at once.
 */
import { lastUnitProduct } from "./last-unit"
import {
  adminCall,
  type ChaosContext,
  type Method,
  type MoveResult,
  type Note,
  type Opened,
  Shopper,
  sleep,
  statusOf,
} from "./chaos-store"

const pick = <T>(rnd: () => number, xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]
/** A 5xx from an admin route in a race is a crash, not a refusal. */
const refuseCrash = (what: string, r: { status: number; data?: any }) => {
  if (r.status >= 500) throw new Error(`${what} answered ${r.status} ${String(r.data?.message ?? "").slice(0, 120)}`)
}

/** Paid, placed, then a new session on the same collection. Fixed: 409; before: 200, the order's money voided. */
export async function sessionAfterOrder(c: ChaosContext, s: Shopper, note: Note): Promise<MoveResult> {
  const m = s.method()
  await s.pay(await s.open(m), "approve")
  if (!(await s.complete())) return { ended: "not_placed" }
  const who = pick(s.rnd, ["same_tab", "second_tab", "stranger"] as const)
  // A second tab loaded the checkout before the order; a stranger holds only the collection id.
  const tab = who === "same_tab" ? s : new Shopper(c, s.rnd, `${who}-of-${s.cartId}`)
  tab.collectionId = s.collectionId
  if (who === "second_tab") tab.cartId = s.cartId
  let opened: Opened | undefined
  let status = 200
  try {
    opened = await tab.open(who === "same_tab" ? m : tab.method())
  } catch (e) {
    status = statusOf(e) ?? 0
    if (status !== 409) throw e
  }
  note(`session_after_order:${who}:${status}`)
  // The second tab's shopper pays the page it was given, and its return page tries to complete.
  if (opened && who === "second_tab") {
    await tab.pay(opened, "approve")
    await tab.complete(1)
  }
  return { ended: "placed", others: tab === s ? [] : [{ shopper: tab, ended: "placed" }] }
}

/** Automatic taxes off: the session for the untaxed total, then POST …/taxes raises it, then completion. */
export async function taxesAfterSession(c: ChaosContext, s: Shopper, note: Note): Promise<MoveResult> {
  const { chaos } = c
  await s.cart({
    region_id: chaos.manual_tax_region_id,
    shipping_option_id: chaos.manual_tax_shipping_option_id,
    address: chaos.manual_tax_address,
    items: [{ variant_id: c.seed.variants.mug, quantity: 1 }],
  })
  const m = s.method()
  const page = await s.open(m)
  const beforePaying = s.rnd() < 0.5
  if (beforePaying) await s.taxes()
  // The payment's notification is late, so the return page's completion meets the new total.
  c.sandbox.faults.add({ target: "notifications", kind: "delay", delay_ms: 2_000, count: 1 })
  await s.pay(page, "approve")
  if (!beforePaying && !(await s.taxes())) {
    note("taxes_after_session:completed_before_taxes")
    return { ended: (await s.complete()) ? "placed" : "not_placed" }
  }
  const first = await s.completeOnce()
  note(`taxes_after_session:${first.order_id ? "order" : `${first.status} ${first.message?.slice(0, 60)}`}`)
  if (first.order_id || (await s.orderOfCart())) return { ended: "placed" }
  // Refused ("pay again"): the storefront reloads the cart (Medusa refreshes its payment collection to
  // the taxed total) and starts a new session, paid.
  await s.touch()
  await s.pay(await s.open(m), "approve")
  return { ended: (await s.complete()) ? "placed_after_paying_again" : "not_placed" }
}

/** The order's live payment, as the admin's order page shows it. */
async function paymentOf(c: ChaosContext, orderId: string): Promise<string | undefined> {
  const { data } = await c.container.resolve("query").graph({
    entity: "order",
    fields: ["payment_collections.payments.id", "payment_collections.payments.canceled_at"],
    filters: { id: orderId },
  })
  const payments = (data[0]?.payment_collections ?? []).flatMap((pc: any) => pc?.payments ?? [])
  return payments.find((p: any) => !p.canceled_at)?.id
}

/** A card order cancelled by the admin while money is being captured: in the portal, at once, or its answer lost. */
export async function cancelWhileCapturing(c: ChaosContext, s: Shopper, note: Note): Promise<MoveResult> {
  const page = await s.open("hosted")
  await s.pay(page, "approve")
  const orderId = await s.complete()
  if (!orderId) return { ended: "not_placed" }
  const paymentId = await paymentOf(c, orderId)
  if (!paymentId) throw new Error(`order ${orderId} has no live payment to capture`)
  const how = pick(s.rnd, ["portal_capture", "capture_race", "capture_answer_lost"] as const)
  const cancel = () => adminCall(c, `/admin/orders/${orderId}/cancel`)
  if (how === "portal_capture") {
    c.sandbox.portal.capture(page.order_no)
    const canceled = await cancel()
    note(`cancel_while_capturing:${how}:cancel_${canceled.status}`)
    refuseCrash("cancel", canceled)
    return { ended: "placed" }
  }
  // The gateway captures, and its answer never reaches Medusa (the capture is in flight for the admin).
  const lost = how === "capture_answer_lost"
  if (lost) c.sandbox.faults.add({ target: "capture", kind: "timeout", timeout_ms: 800, after_effect: true, count: 1 })
  const delay = Math.floor(s.rnd() * 150)
  const [captured, canceled] = await Promise.all([
    adminCall(c, `/admin/payments/${paymentId}/capture`),
    sleep(delay).then(cancel),
  ])
  note(`cancel_while_capturing:${how}:capture_${captured.status}:cancel_${canceled.status}`)
  // A capture whose answer was lost may fail in any way; the cancel must not.
  if (!lost) refuseCrash("capture", captured)
  refuseCrash("cancel", canceled)
  return { ended: "placed" }
}

/** Medusa creates the order before it authorises: the admin cancels it as soon as it is listed. */
export async function cancelWhileAuthorising(c: ChaosContext, s: Shopper, note: Note): Promise<MoveResult> {
  const m: Method = s.method()
  const page = await s.open(m)
  c.sandbox.faults.add({ target: "notifications", kind: "delay", delay_ms: 2_500, count: 1 })
  await s.pay(page, "approve")
  // The gateway's status answer is slow: the authorisation runs while the order already exists.
  c.sandbox.faults.add({ target: "retrievalTrans", kind: "latency", latency_ms: 1_000, count: 1 })
  let answered = false
  const completing = s
    .completeOnce()
    .catch(() => undefined)
    .finally(() => (answered = true))
  let orderId: string | undefined
  while (!answered && !(orderId = await s.orderOfCart())) await sleep(25)
  if (!orderId) {
    await completing
    orderId = await s.complete()
    if (!orderId) return { ended: "not_placed" }
  }
  const during = !answered
  const canceled = await adminCall(c, `/admin/orders/${orderId}/cancel`)
  const done = await completing
  note(
    `cancel_while_authorising:${during ? "during" : "after"}:cancel_${canceled.status}:completion_${done?.order_id ? "order" : done?.status}`,
  )
  refuseCrash("cancel", canceled)
  return { ended: "placed" }
}

/** Two shoppers, one unit in stock: both pay, both complete at once. */
export async function lastUnitRace(c: ChaosContext, s: Shopper, note: Note, i: number): Promise<MoveResult> {
  const sku = `LAST-${i}-${Math.random().toString(36).slice(2, 8)}`
  const { variant: variant_id } = await lastUnitProduct(c.api, c.seed, sku, { price: 9.5, place: c.chaos })
  const other = new Shopper(c, s.rnd, `${i}-rival`)
  const items = [{ variant_id, quantity: 1 }]
  await Promise.all([s.cart({ items }), other.cart({ items })])
  const pages = await Promise.all([s.open(s.method()), other.open(other.method())])
  await Promise.all([s.pay(pages[0], "approve"), other.pay(pages[1], "approve")])
  // At once, or the rival's return page first (it bought the last unit between this payment and its completion).
  const how = pick(s.rnd, ["at_once", "rival_first"] as const)
  const answers =
    how === "at_once"
      ? await Promise.all([s.completeOnce(), other.completeOnce()])
      : [await other.completeOnce(), await s.completeOnce()].reverse()
  for (const a of answers) if (!a.order_id) note(`last_unit_race:${how}:refused ${a.status} ${a.message?.slice(0, 40)}`)
  const orders = await Promise.all([s, other].map(async (x, k) => answers[k].order_id ?? (await x.orderOfCart())))
  note(`last_unit_race:${how}:${orders.filter(Boolean).length}_orders`)
  const ended = (o: string | undefined) => (o ? "placed" : "sold_out")
  return { ended: ended(orders[0]), others: [{ shopper: other, ended: ended(orders[1]) }] }
}
