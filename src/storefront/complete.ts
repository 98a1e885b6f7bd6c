import { z } from "zod"
import { messageOf, statusOf, storeFetch, type StoreClientInput, type StoreFetch } from "./client"
import { declineOutcome, hasReason, isEnded, type DeclineTexts, type SessionView } from "./decline"
import type { CompleteOutcome } from "./schemas"
import { CART_CHANGED_MESSAGE } from "../lib/acquiring/store-refusals"

const CompleteAnswer = z.discriminatedUnion("type", [
  z.object({ type: z.literal("order"), order: z.object({ id: z.string() }).loose() }),
  z.object({
    type: z.literal("cart"),
    error: z.object({ message: z.string().optional(), type: z.string().optional() }).nullish(),
  }),
])

const CartSessions = z.object({
  cart: z.object({
    payment_collection: z
      .object({
        payment_sessions: z
          .array(z.object({ status: z.string(), data: z.record(z.string(), z.unknown()).nullish() }))
          .nullish(),
      })
      .nullish(),
  }),
})

export interface CompleteOptions {
  texts?: DeclineTexts
  /** How long to wait for the gateway's decline reason, which comes by notification (milliseconds, default 3000). */
  reasonWaitMs?: number
  sleep?: (ms: number) => Promise<void>
}

const REASON_POLL_MS = 500
const pause = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))

/** Medusa saves the session's status before it refuses the completion: the latest says why. */
async function latestSession(call: StoreFetch, cartId: string): Promise<SessionView | undefined> {
  const answer = CartSessions.parse(
    await call(`/store/carts/${cartId}`, { query: { fields: "id,*payment_collection.payment_sessions" } }),
  )
  return answer.cart.payment_collection?.payment_sessions?.at(-1) ?? undefined
}

async function withReason(
  call: StoreFetch,
  cartId: string,
  first: SessionView,
  opts: CompleteOptions,
): Promise<SessionView> {
  let session = first
  const sleep = opts.sleep ?? pause
  for (let waited = 0; !hasReason(session) && waited < (opts.reasonWaitMs ?? 3000); waited += REASON_POLL_MS) {
    await sleep(REASON_POLL_MS)
    const again = await latestSession(call, cartId).catch(() => undefined)
    if (!isEnded(again)) break
    session = again!
  }
  return session
}

async function explain400(
  call: StoreFetch,
  cartId: string,
  detail: string,
  opts: CompleteOptions,
): Promise<CompleteOutcome> {
  let session: SessionView | undefined
  try {
    session = await latestSession(call, cartId)
  } catch {
    return { ...declineOutcome(undefined, { detail, texts: opts.texts }), message: "The payment was not completed." }
  }
  if (isEnded(session)) {
    return declineOutcome(await withReason(call, cartId, session!, opts), { detail, texts: opts.texts })
  }
  if (session?.status === "pending" || session?.status === "requires_more") return { type: "retry", reason: "pending" }
  return { type: "error", message: detail, status: 400 }
}

async function explainCartAnswer(
  call: StoreFetch,
  cartId: string,
  detail: string | undefined,
  opts: CompleteOptions,
): Promise<CompleteOutcome> {
  const session = await latestSession(call, cartId).catch(() => undefined)
  const ended = isEnded(session) ? await withReason(call, cartId, session!, opts) : undefined
  return declineOutcome(ended, { detail, texts: opts.texts })
}

/** One attempt. Never throws: the outcome is plain data a Next.js server action can return. */
export async function completeCart(
  client: StoreClientInput,
  cartId: string,
  opts: CompleteOptions = {},
): Promise<CompleteOutcome> {
  const call = storeFetch(client)
  let raw: unknown
  try {
    raw = await call(`/store/carts/${cartId}/complete`, { method: "POST" })
  } catch (e) {
    const status = statusOf(e)
    if (status === 409 && messageOf(e).startsWith(CART_CHANGED_MESSAGE))
      return { type: "pay_again", reason: "cart_changed", message: messageOf(e) }
    if (status === 409) return { type: "retry", reason: "completing" }
    if (status === 400) return explain400(call, cartId, messageOf(e), opts)
    return { type: "error", message: messageOf(e), ...(status ? { status } : {}) }
  }
  const answer = CompleteAnswer.safeParse(raw)
  if (!answer.success) return { type: "error", message: "The store's answer to the cart completion was not understood" }
  if (answer.data.type === "order") return { type: "order", order: answer.data.order }
  return explainCartAnswer(call, cartId, answer.data.error?.message, opts)
}

export interface SettleOptions extends CompleteOptions {
  /** Attempts before giving up with the last `retry` (default 30). */
  attempts?: number
  /** Pause between attempts in ms (default 1000). */
  intervalMs?: number
  onRetry?: (outcome: Extract<CompleteOutcome, { type: "retry" }>, attempt: number) => void
}

/** completeCart until it is no longer `retry` (a busy cart or no gateway result yet), or the attempts run out. */
export async function completeCartWhenReady(
  client: StoreClientInput,
  cartId: string,
  opts: SettleOptions = {},
): Promise<CompleteOutcome> {
  const attempts = opts.attempts ?? 30
  const sleep = opts.sleep ?? pause
  let outcome: CompleteOutcome = { type: "retry", reason: "pending" }
  for (let attempt = 1; attempt <= attempts; attempt++) {
    outcome = await completeCart(client, cartId, opts)
    if (outcome.type !== "retry") return outcome
    opts.onRetry?.(outcome, attempt)
    if (attempt < attempts) await sleep(opts.intervalMs ?? 1000)
  }
  return outcome
}
