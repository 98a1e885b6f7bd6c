/**
 * The chaos shopper's invariant, read after the final reconciliation: the gateway's side from the
 * sandbox (in the caller's process), Medusa's with Query, the books for the order numbers.
 *
 * - every gateway order that was authorised or paid is attached to exactly one Medusa order for the
 *   same amount, or holds nothing (voided, refunded in full); nothing is settled twice;
 * - an order that is not canceled holds, at the gateway, exactly its total through one live payment:
 *   never voided or refunded (no admin refunds here, so nothing but Medusa's cancel may take it back);
 * - an order is placed only for the amount its gateway order holds;
 * - a canceled order holds no money at the gateway.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import type { Sandbox } from "../../../src/sandbox"
import type { ShopperOutcome } from "./chaos-store"

type GatewayOrder = NonNullable<ReturnType<Sandbox["inspect"]["order"]>>
interface Payment {
  id: string
  amount: unknown
  order_no: string
  canceled: boolean
  cart_id: string
  order_id?: string
}

export const tally = (m: Record<string, number>, k: string, by = 1) => (m[k] = (m[k] ?? 0) + by)
const cents = (v: unknown) => Math.round(Number(v ?? NaN) * 100)
const money = (v: unknown) => (cents(v) / 100).toFixed(2)
/** What the gateway holds for an order: the authorisation, or what was captured and not refunded. */
export const heldCents = (g: GatewayOrder) =>
  g.state === "authorised"
    ? cents(g.amount)
    : g.state === "paid" || g.state === "partially_refunded"
      ? cents(g.captured_amount) - cents(g.refunded_amount)
      : 0
const PAID_STATES = new Set(["authorised", "paid", "partially_refunded", "refunded"])

export async function graphChunks(
  container: MedusaContainer,
  entity: string,
  fields: string[],
  key: string,
  ids: string[],
) {
  const query = container.resolve("query")
  const rows: any[] = []
  for (let i = 0; i < ids.length; i += 200) {
    const { data } = await query.graph({ entity, fields, filters: { [key]: ids.slice(i, i + 200) } })
    rows.push(...data)
  }
  return rows
}

type BookRow = { order_no: string; state: string; settlement: string | null }
async function bookRowsOf(container: MedusaContainer, cartIds: string[], orderNos: string[]) {
  const books = container.resolve("acquiring") as {
    listGatewayOrders: (f: unknown, c?: unknown) => Promise<BookRow[]>
  }
  const rows: BookRow[] = []
  for (let i = 0; i < cartIds.length; i += 500)
    rows.push(...(await books.listGatewayOrders({ cart_id: cartIds.slice(i, i + 500) }, { take: null })))
  const known = new Set(rows.map((r) => r.order_no))
  const missing = orderNos.filter((n) => !known.has(n))
  for (let i = 0; i < missing.length; i += 500)
    rows.push(...(await books.listGatewayOrders({ order_no: missing.slice(i, i + 500) }, { take: null })))
  return rows
}

export async function checkInvariant(container: MedusaContainer, sandbox: Sandbox, outcomes: ShopperOutcome[]) {
  const cartIds = [...new Set(outcomes.flatMap((x) => x.cart_ids).filter(Boolean))]
  const seen = outcomes.flatMap((x) => x.order_nos)
  const bookRows = await bookRowsOf(container, cartIds, [...new Set(seen)])
  const orderNos = new Set([...seen, ...bookRows.map((b) => b.order_no)])

  // Medusa: each cart's collection with its payments (canceled ones too), and the cart's orders.
  const carts = await graphChunks(
    container,
    "cart",
    [
      "id",
      "payment_collection.payments.id",
      "payment_collection.payments.amount",
      "payment_collection.payments.data",
      "payment_collection.payments.canceled_at",
    ],
    "id",
    cartIds,
  )
  const links = await graphChunks(container, "order_cart", ["cart_id", "order_id"], "cart_id", cartIds)
  const orderIds = links.map((l) => l.order_id as string)
  const orders = await graphChunks(
    container,
    "order",
    ["id", "total", "credit_line_total", "status", "canceled_at"],
    "id",
    orderIds,
  )
  const orderById = new Map(orders.map((x) => [x.id as string, x]))
  const ordersOfCart = new Map<string, string[]>()
  for (const l of links) ordersOfCart.set(l.cart_id, [...(ordersOfCart.get(l.cart_id) ?? []), l.order_id])
  const isCanceled = (orderId?: string) => {
    const o = orderId ? orderById.get(orderId) : undefined
    return !!o && (o.status === "canceled" || !!o.canceled_at)
  }

  const violations: string[] = []
  const payments: Payment[] = []
  for (const c of carts) {
    const cartOrders = ordersOfCart.get(c.id) ?? []
    if (cartOrders.length > 1) violations.push(`cart ${c.id} has ${cartOrders.length} orders`)
    for (const p of c.payment_collection?.payments ?? [])
      payments.push({
        id: p.id,
        amount: p.amount,
        order_no: p.data?.order_no,
        canceled: !!p.canceled_at,
        cart_id: c.id,
        order_id: cartOrders[0],
      })
  }
  const whose = new Map(
    outcomes.flatMap((x) =>
      x.order_nos.map((n, k) => [n, `${x.scenario} #${x.i}, session ${k + 1} of ${x.order_nos.length}`] as const),
    ),
  )
  const where = (no: string) => `[${whose.get(no) ?? "not seen by a shopper"}]`

  // Orders: one live payment holding the order's total; canceled orders hold nothing.
  for (const order of orders) {
    const mine = payments.filter((p) => p.order_id === order.id)
    const live = mine.filter((p) => !p.canceled)
    const gateway = (p: Payment) => sandbox.inspect.order(p.order_no)
    const state = (p: Payment) => {
      const g = gateway(p)
      return g ? `${p.order_no} ${g.state} (held ${(heldCents(g) / 100).toFixed(2)})` : `${p.order_no} unknown`
    }
    // What it was placed for: a canceled order's refund comes back as a credit line, off its total.
    const placedFor = cents(order.total) + cents(order.credit_line_total ?? 0)
    for (const p of mine) {
      const g = gateway(p)
      if (g && placedFor !== cents(g.amount))
        violations.push(
          `order ${order.id} placed for ${money(placedFor / 100)}, its gateway order ${p.order_no} is for ${g.amount} ${where(p.order_no)}`,
        )
    }
    if (isCanceled(order.id)) {
      for (const p of mine) {
        const g = gateway(p)
        if (g && heldCents(g) > 0)
          violations.push(`canceled order ${order.id} holds money: ${state(p)} ${where(p.order_no)}`)
      }
      continue
    }
    if (live.length !== 1) {
      violations.push(
        `order ${order.id} has ${live.length} live payments (gateway: ${mine.map(state).join(", ") || "none"})`,
      )
      continue
    }
    const g = gateway(live[0])
    if (!g || !(g.state === "authorised" || g.state === "paid") || cents(g.refunded_amount) > 0)
      violations.push(
        `order ${order.id}: its money is gone at the gateway, no admin took it back: ${state(live[0])} ${where(live[0].order_no)}`,
      )
    else if (cents(live[0].amount) !== cents(g.amount))
      violations.push(`order ${order.id}: payment ${money(live[0].amount)} ≠ gateway ${g.amount}`)
  }

  // Gateway orders: attached to one order, or holding nothing; settled at most once.
  const gatewayOutcomes: Record<string, number> = {}
  for (const no of orderNos) {
    const fail = (msg: string) => violations.push(`${msg} ${where(no)}`)
    const g = sandbox.inspect.order(no)
    const named = payments.filter((p) => p.order_no === no)
    const live = named.filter((p) => !p.canceled)
    if (!g) {
      if (named.length) fail(`Medusa payment ${named[0].id} names ${no}, which the gateway does not know`)
      tally(gatewayOutcomes, "never_opened")
      continue
    }
    const everPaid = g.history.some((h) => h.to === "authorised" || h.to === "paid")
    const voids = g.history.filter((h) => h.to === "cancelled" && h.from !== "waiting").length
    if (voids + g.refunds.length > 1) fail(`${no}: settled ${voids + g.refunds.length} times`)
    if (!everPaid) {
      if (live.length) fail(`${no} (${g.state}, never paid) has Medusa payment ${live[0].id}`)
      tally(
        gatewayOutcomes,
        g.state === "declined" ? "declined" : g.state === "waiting" ? "never_paid_waiting" : "never_paid_cancelled",
      )
      continue
    }
    if (live.length > 1) fail(`${no} is attached to ${live.length} Medusa payments`)
    const owner = named.find((p) => p.order_id)?.order_id
    if (live.length === 1 && !live[0].order_id) fail(`${no}: its Medusa payment ${live[0].id} belongs to no order`)
    if (live.length === 1 && owner && !isCanceled(owner)) {
      tally(gatewayOutcomes, "attached_to_order") // checked with its order above
      continue
    }
    // No live order of its own: a canceled order's money, or an orphan. Either holds nothing.
    const settled = g.state === "cancelled" ? "voided" : g.state === "refunded" ? "refunded" : undefined
    if (heldCents(g) > 0 || !settled)
      fail(`${no} is ${g.state} (held ${(heldCents(g) / 100).toFixed(2)}) and belongs to no live Medusa order`)
    else tally(gatewayOutcomes, owner && isCanceled(owner) ? `${settled}_canceled_order` : settled)
  }
  for (const p of payments)
    if (!p.canceled && !orderNos.has(p.order_no))
      violations.push(`payment ${p.id} of cart ${p.cart_id} names an unknown gateway order ${p.order_no}`)

  const bookStates: Record<string, number> = {}
  for (const b of bookRows) {
    // A row closed as never paid whose order the gateway did authorise: voided by the provider when
    // Medusa deleted its session (the books cannot see that cancel), counted apart.
    const paid = sandbox.inspect.order(b.order_no)?.history.some((h) => h.to === "authorised" || h.to === "paid")
    tally(
      bookStates,
      b.settlement ? `${b.state}:${b.settlement}` : b.state === "closed" && paid ? "closed:was_paid" : b.state,
    )
  }
  return {
    violations,
    gatewayOutcomes,
    bookStates,
    placed: new Set(links.map((l) => l.cart_id as string)),
    canceled: orders.filter((o) => isCanceled(o.id)).length,
    paidGateway: [...orderNos].filter((n) => PAID_STATES.has(sandbox.inspect.order(n)?.state ?? "")).length,
  }
}
