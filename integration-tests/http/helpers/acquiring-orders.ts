import type { Sandbox } from "../../../src/sandbox"
import { PROVIDERS, type Seed } from "./acquiring-seed"
import { cartWithShipping, completeCart, DEVICE, startSession } from "./acquiring-store"

type Api = {
  get: (url: string, config?: unknown) => Promise<{ data: any; status: number }>
  post: (url: string, body?: unknown, config?: unknown) => Promise<{ data: any; status: number }>
}

export interface PlacedOrder {
  order_id: string
  order_no: string
  cart_id: string
  payment_session_id: string
}

/**
 * A checkout paid at the sandbox by the shopper handle (no browser) and, unless `complete`
 * is false, completed by the storefront. Card defaults to the success card.
 */
export async function placeOrder(
  api: Api,
  seed: Seed,
  sandbox: Sandbox,
  opts: { card?: string; complete?: boolean; provider?: string } = {},
): Promise<PlacedOrder> {
  // One guest e-mail per cart: concurrent carts with one new e-mail race to create the same customer.
  const email = `buyer-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@shop.test`
  const cart = await cartWithShipping(api, seed, { email }).catch((e: any) => {
    throw new Error(
      `creating the cart failed: ${e?.response?.status} ${JSON.stringify(e?.response?.data ?? e?.message)}`,
    )
  })
  const { session } = await startSession(api, seed, cart.id, opts.provider ?? PROVIDERS.hosted, { device: DEVICE })
  const order_no = session.data.order_no as string
  sandbox.shopper.pay(order_no, { card: opts.card ?? "4111111111111111" })
  if (opts.complete === false) return { order_id: "", order_no, cart_id: cart.id, payment_session_id: session.id }
  const done = await completeCart(api, seed, cart.id)
  if (done.type !== "order") throw new Error(`cart ${cart.id} did not complete: ${JSON.stringify(done.error ?? done)}`)
  return { order_id: done.order.id, order_no, cart_id: cart.id, payment_session_id: session.id }
}

/** Many paid orders, a few at a time (the two cores also run Medusa). */
export async function placeOrders(
  api: Api,
  seed: Seed,
  sandbox: Sandbox,
  n: number,
  parallel = 4,
): Promise<PlacedOrder[]> {
  const out: PlacedOrder[] = []
  for (let i = 0; i < n; i += parallel) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(parallel, n - i) }, () => placeOrder(api, seed, sandbox)),
    )
    out.push(...batch)
  }
  return out
}

/** Id of the sandbox's latest logged request: a mark to count requests made after it. */
export const requestMark = (sandbox: Sandbox) => sandbox.inspect.requests().at(-1)?.id ?? 0

/** Requests the sandbox received on a path since a mark. */
export const requestsSince = (sandbox: Sandbox, path: string, mark: number) =>
  sandbox.inspect.requests().filter((r) => r.id > mark && r.path === path)

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
