import { z } from "zod"
import { messageOf, statusOf, storeFetch, type StoreClientInput, type StoreFetch } from "./client"
import type { CompleteOutcome } from "./schemas"

/** What the shopper reads; Medusa's own wording goes to `detail`. */
export const DECLINED_MESSAGE = "The payment was declined."
export const CANCELLED_MESSAGE = "The payment was cancelled."

const CompleteAnswer = z.discriminatedUnion("type", [
  z.object({ type: z.literal("order"), order: z.object({ id: z.string() }).loose() }),
  z.object({
    type: z.literal("cart"),
    error: z.object({ message: z.string().optional(), type: z.string().optional() }).nullish(),
  }),
])

const CartSessions = z.object({
  cart: z.object({
    payment_collection: z.object({ payment_sessions: z.array(z.object({ status: z.string() })).nullish() }).nullish(),
  }),
})

/** Medusa saves the session's status before it refuses the completion: the latest says why. */
async function latestSessionStatus(call: StoreFetch, cartId: string): Promise<string | undefined> {
  const answer = CartSessions.parse(
    await call(`/store/carts/${cartId}`, { query: { fields: "id,*payment_collection.payment_sessions" } }),
  )
  return answer.cart.payment_collection?.payment_sessions?.at(-1)?.status
}

/** Medusa's 400: a declined or cancelled session, one the gateway has no result for yet, or another refusal. */
async function explain400(call: StoreFetch, cartId: string, detail: string): Promise<CompleteOutcome> {
  let status: string | undefined
  try {
    status = await latestSessionStatus(call, cartId)
  } catch {
    return { type: "declined", message: "The payment was not completed.", detail }
  }
  if (status === "error") return { type: "declined", message: DECLINED_MESSAGE, detail }
  if (status === "canceled") return { type: "declined", message: CANCELLED_MESSAGE, detail }
  if (status === "pending" || status === "requires_more") return { type: "retry", reason: "pending" }
  return { type: "error", message: detail, status: 400 }
}

/**
 * One attempt to complete the cart. Never throws: the outcome is plain data, so a Next.js
 * server action can return it to the page (production hides a thrown error's status and text).
 */
export async function completeCart(client: StoreClientInput, cartId: string): Promise<CompleteOutcome> {
  const call = storeFetch(client)
  let raw: unknown
  try {
    raw = await call(`/store/carts/${cartId}/complete`, { method: "POST" })
  } catch (e) {
    const status = statusOf(e)
    if (status === 409) return { type: "retry", reason: "completing" }
    if (status === 400) return explain400(call, cartId, messageOf(e))
    return { type: "error", message: messageOf(e), ...(status ? { status } : {}) }
  }
  const answer = CompleteAnswer.safeParse(raw)
  if (!answer.success) return { type: "error", message: "The store's answer to the cart completion was not understood" }
  if (answer.data.type === "order") return { type: "order", order: answer.data.order }
  const detail = answer.data.error?.message
  return { type: "declined", message: DECLINED_MESSAGE, ...(detail ? { detail } : {}) }
}

export interface SettleOptions {
  /** Attempts before giving up with the last `retry` (default 30). */
  attempts?: number
  /** Pause between attempts in ms (default 1000). */
  intervalMs?: number
  /** Called before each pause, e.g. to tell the shopper what is happening. */
  onRetry?: (outcome: Extract<CompleteOutcome, { type: "retry" }>, attempt: number) => void
  sleep?: (ms: number) => Promise<void>
}

/** completeCart until it is no longer `retry` (409 or no gateway result yet), or the attempts run out. */
export async function completeCartWhenReady(
  client: StoreClientInput,
  cartId: string,
  opts: SettleOptions = {},
): Promise<CompleteOutcome> {
  const attempts = opts.attempts ?? 30
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  let outcome: CompleteOutcome = { type: "retry", reason: "pending" }
  for (let attempt = 1; attempt <= attempts; attempt++) {
    outcome = await completeCart(client, cartId)
    if (outcome.type !== "retry") return outcome
    opts.onRetry?.(outcome, attempt)
    if (attempt < attempts) await sleep(opts.intervalMs ?? 1000)
  }
  return outcome
}
