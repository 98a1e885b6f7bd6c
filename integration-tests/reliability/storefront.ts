/**
 * A storefront and an admin that behave as real ones do under a flaky gateway: retry a
 * failed payment-session start with a new session, retry completion (409 while another
 * request completes the cart), and for capture/refund ask for a reconciliation of the order
 * before any retry (the documented recovery: the gateway may have acted with the answer lost).
 */
import type { Sandbox } from "../../src/sandbox"
import { BILLING_ADDRESS, PROVIDERS, SHIPPING_ADDRESS, type Seed } from "../http/helpers/acquiring-seed"
import { completeCart, DEVICE, ordersOfCart, startSession } from "../http/helpers/acquiring-store"

type Api = {
  get: (url: string, config?: unknown) => Promise<{ data: any; status: number }>
  post: (url: string, body?: unknown, config?: unknown) => Promise<{ data: any; status: number }>
}
type Container = { resolve: (k: string) => any }

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export interface Stats {
  session_retries: number
  complete_retries: number
  completed_by_notification: number
  capture_retries: number
  refund_retries: number
  reconcile_calls: number
}
export const newStats = (): Stats => ({
  session_retries: 0,
  complete_retries: 0,
  completed_by_notification: 0,
  capture_retries: 0,
  refund_retries: 0,
  reconcile_calls: 0,
})

export interface Checkout {
  cart_id: string
  order_nos: string[]
  order_id?: string
}

const errorOf = (e: any) =>
  `${e?.response?.status ?? ""} ${JSON.stringify(e?.response?.data?.message ?? e?.message ?? e).slice(0, 200)}`

/** A lean cart (one mug, shipping; two Store API calls): the soak's cost is the checkout, not the cart. */
export async function leanCart(api: Api, seed: Seed, email: string): Promise<{ id: string }> {
  const { data } = await api.post(
    "/store/carts",
    {
      region_id: seed.region_id,
      email,
      items: [{ variant_id: seed.variants.mug, quantity: 1 }],
      shipping_address: SHIPPING_ADDRESS,
      billing_address: BILLING_ADDRESS,
    },
    seed.store,
  )
  await api.post(
    `/store/carts/${data.cart.id}/shipping-methods?fields=id`,
    { option_id: seed.shipping_option_id },
    seed.store,
  )
  return { id: data.cart.id }
}

/** One shopper: cart, payment session (retried), pays on the gateway, completion (retried). */
export async function checkout(
  api: Api,
  seed: Seed,
  sandbox: Sandbox,
  container: Container,
  n: number,
  stats: Stats,
): Promise<Checkout> {
  const cart = await leanCart(api, seed, `soak-${n}-${Math.random().toString(36).slice(2, 8)}@shop.test`)
  const out: Checkout = { cart_id: cart.id, order_nos: [] }
  let orderNo = ""
  for (let attempt = 0; !orderNo; attempt++) {
    try {
      const { session } = await startSession(api, seed, cart.id, PROVIDERS.hosted, { device: DEVICE })
      orderNo = session.data.order_no
    } catch (e) {
      if (attempt >= 6) throw new Error(`cart ${cart.id}: no payment session after ${attempt + 1} tries: ${errorOf(e)}`)
      stats.session_retries++
      await sleep(100 * (attempt + 1))
    }
  }
  out.order_nos.push(orderNo)
  sandbox.shopper.pay(orderNo, { card: "4111111111111111" })
  for (let attempt = 0; ; attempt++) {
    try {
      const done = await completeCart(api, seed, cart.id)
      if (done.type === "order") return { ...out, order_id: done.order.id }
    } catch {
      // 409 while the notification completes it, or a 5xx/4xx from a failed gateway query.
    }
    const existing = await ordersOfCart(container, cart.id)
    if (existing.length) {
      stats.completed_by_notification++
      return { ...out, order_id: existing[0] }
    }
    if (attempt >= 8) return out // left for reconciliation (a shopper who never came back)
    stats.complete_retries++
    await sleep(150 * (attempt + 1))
  }
}

/** The acquiring payment of an order with its captures and refunds. */
export async function paymentOf(api: Api, seed: Seed, orderId: string) {
  const fields =
    "*payment_collections,*payment_collections.payments,*payment_collections.payments.captures,*payment_collections.payments.refunds"
  const { data } = await api.get(`/admin/orders/${orderId}?fields=${fields}`, seed.admin)
  return data.order.payment_collections.flatMap((c: any) => c.payments)[0] as
    | {
        id: string
        captured_at: string | null
        captures: any[]
        refunds: Array<{ id: string; amount: number }>
        data: any
      }
    | undefined
}

async function reconcileOrder(api: Api, seed: Seed, orderId: string, stats: Stats) {
  stats.reconcile_calls++
  await api.post("/admin/acquiring/reconcile", { order_ids: [orderId] }, seed.admin).catch(() => {})
}

/** Admin capture; on failure reconcile the order, and retry only if it is still not captured. */
export async function captureOrder(api: Api, seed: Seed, orderId: string, stats: Stats): Promise<void> {
  for (let attempt = 0; attempt < 6; attempt++) {
    const p = await paymentOf(api, seed, orderId)
    if (!p) throw new Error(`order ${orderId} has no payment`)
    if (p.captured_at) return
    if (attempt) stats.capture_retries++
    try {
      await api.post(`/admin/payments/${p.id}/capture`, {}, seed.admin)
      return
    } catch {
      await reconcileOrder(api, seed, orderId, stats)
      await sleep(100 * (attempt + 1))
    }
  }
  throw new Error(`order ${orderId}: capture did not succeed after 6 tries`)
}

/** Admin refund of `amount`; on failure reconcile, and retry only if Medusa still lacks it. */
export async function refundOrder(api: Api, seed: Seed, orderId: string, amount: number, stats: Stats): Promise<void> {
  for (let attempt = 0; attempt < 6; attempt++) {
    const p = await paymentOf(api, seed, orderId)
    const refunded = (p?.refunds ?? []).reduce((s, r) => s + Number(r.amount), 0)
    if (refunded >= amount) return
    if (attempt) stats.refund_retries++
    try {
      await api.post(`/admin/payments/${p!.id}/refund`, { amount }, seed.admin)
      return
    } catch {
      await reconcileOrder(api, seed, orderId, stats)
      await sleep(100 * (attempt + 1))
    }
  }
  throw new Error(`order ${orderId}: refund did not succeed after 6 tries`)
}

/** Run `fn` over items, `parallel` at a time. */
export async function pool<T, R>(items: T[], parallel: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      out[i] = await fn(items[i], i)
    }
  }
  await Promise.all(Array.from({ length: parallel }, worker))
  return out
}
