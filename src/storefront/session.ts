import { z } from "zod"
import { isPaidCollectionRefusal } from "../lib/acquiring/store-refusals"
import { PAGE_TOKEN_HEADER } from "../lib/acquiring/snapshot/storefront-data"
import { messageOf, statusOf, storeFetch, type StoreClientInput } from "./client"
import {
  HostedPage,
  StartedPayment,
  StartPaymentInput,
  StoreSession,
  startedPaymentOf,
  type StartPaymentInput as StartInput,
} from "./schemas"

// The header the hosted-page route checks against the session's `hosted_page_token` (one definition, shared with it).
export { PAGE_TOKEN_HEADER }

const CollectionAnswer = z.object({
  payment_collection: z.object({ id: z.string(), payment_sessions: z.array(StoreSession).nullish() }),
})

function firstIssue(e: z.ZodError): string {
  const i = e.issues[0]
  return `${i.path.join(".") || "input"}: ${i.message}`
}

export function findStartedPayment(
  sessions: readonly unknown[] | null | undefined,
  provider_id?: string,
): StartedPayment | undefined {
  for (const raw of [...(sessions ?? [])].reverse()) {
    const s = StoreSession.safeParse(raw)
    if (!s.success || (provider_id && s.data.provider_id !== provider_id)) continue
    if (s.data.status && s.data.status !== "pending" && s.data.status !== "requires_more") continue
    const started = startedPaymentOf(s.data)
    if (started) return started
  }
  return undefined
}

/** Starts a session with device data and return address; the plugin seals the real cart data, so no money goes from here. */
export async function startPaymentSession(client: StoreClientInput, input: StartInput): Promise<StartedPayment> {
  const parsed = StartPaymentInput.safeParse(input)
  if (!parsed.success) throw new Error(`startPaymentSession: ${firstIssue(parsed.error)}`)
  const { cart, payment_collection_id, provider_id, return_url, cancel_url, device, payment_method } = parsed.data
  const call = storeFetch(client)
  let collectionId = payment_collection_id ?? cart?.payment_collection?.id
  if (!collectionId) {
    if (!cart) throw new Error("startPaymentSession: give a cart or a payment_collection_id")
    const created = CollectionAnswer.parse(
      await call("/store/payment-collections", { method: "POST", body: { cart_id: cart.id } }),
    )
    collectionId = created.payment_collection.id
  }
  const data = {
    return_url,
    cancel_url: cancel_url ?? return_url,
    ...(device ? { device } : {}),
    ...(payment_method ? { payment_method } : {}),
  }
  const answer = CollectionAnswer.parse(
    await call(`/store/payment-collections/${collectionId}/payment-sessions`, {
      method: "POST",
      body: { provider_id, data },
    }),
  )
  const started = findStartedPayment(answer.payment_collection.payment_sessions, provider_id)
  if (!started)
    throw new Error(`No payment session of ${provider_id} to send the shopper to: is it enabled in the region?`)
  return started
}

/** The gateway's page of a hosted-page session (404 once the session is no longer pending or the page expired). */
export async function getHostedPage(
  client: StoreClientInput,
  session: Pick<Extract<StartedPayment, { kind: "hosted_page" }>, "hosted_page_path" | "hosted_page_token">,
): Promise<HostedPage> {
  const answer = await storeFetch(client)(session.hosted_page_path, {
    headers: { [PAGE_TOKEN_HEADER]: session.hosted_page_token },
  })
  return z.object({ hosted_page: HostedPage }).parse(answer).hosted_page
}

export const StartPaymentOutcome = z.discriminatedUnion("type", [
  /** Send the shopper to the gateway with `payment` (sendShopper). */
  z.object({ type: z.literal("started"), payment: StartedPayment }),
  /** 409: already paid (a second tab, the back button): go to the order, never pay again. */
  z.object({ type: z.literal("already_paid"), message: z.string() }),
  /** 409: another session request for this collection is running (a double click): try again. */
  z.object({ type: z.literal("retry"), reason: z.literal("starting") }),
  z.object({ type: z.literal("error"), message: z.string(), status: z.number().optional() }),
])
export type StartPaymentOutcome = z.infer<typeof StartPaymentOutcome>

/** startPaymentSession as an outcome: never throws (a bad input is an `error` outcome too). */
export async function startPayment(client: StoreClientInput, input: StartInput): Promise<StartPaymentOutcome> {
  try {
    return { type: "started", payment: await startPaymentSession(client, input) }
  } catch (e) {
    const status = statusOf(e)
    const message = messageOf(e)
    if (isPaidCollectionRefusal(status, message)) return { type: "already_paid", message }
    if (status === 409) return { type: "retry", reason: "starting" }
    return { type: "error", message, ...(status === undefined ? {} : { status }) }
  }
}
