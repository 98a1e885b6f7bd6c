import { z } from "zod"
import { messageOf, statusOf, storeFetch, type StoreClientInput, type StoreFetch } from "./client"
import { CARD_BRANDS } from "./methods"

/** The logged-in customer's saved cards; the client must carry the customer's auth. Expected failures are outcomes. */

/** Our id of a saved card; the gateway's token never reaches a storefront. */
export const SavedCardId = z.string().regex(/^acqcard_[0-9a-f]{24}$/, "must be a saved card id (acqcard_…)")

export const SavedCard = z.object({
  id: SavedCardId,
  brand: z.string(),
  last4: z.string().regex(/^\d{4}$/),
  exp_month: z.number().int().min(1).max(12),
  exp_year: z.number().int(),
  created_at: z.string(),
})
export type SavedCard = z.infer<typeof SavedCard>

const Failure = z.union([
  /** 401: no customer is logged in (or the token expired): offer a login, not the list. */
  z.object({ type: z.literal("signed_out") }),
  z.object({ type: z.literal("error"), message: z.string(), status: z.number().optional() }),
])

export const SavedCardsOutcome = z.union([
  z.object({ type: z.literal("cards"), saved_cards: z.array(SavedCard) }),
  Failure,
])
export type SavedCardsOutcome = z.infer<typeof SavedCardsOutcome>

export const DeleteSavedCardOutcome = z.union([
  z.object({ type: z.literal("deleted"), id: SavedCardId }),
  /** 404: not a card of this customer, or already deleted. */
  z.object({ type: z.literal("not_found") }),
  Failure,
])
export type DeleteSavedCardOutcome = z.infer<typeof DeleteSavedCardOutcome>

const ROUTE = "/store/acquiring/saved-cards"

function failure(e: unknown): z.infer<typeof Failure> {
  const status = statusOf(e)
  if (status === 401) return { type: "signed_out" }
  return { type: "error", message: messageOf(e), ...(status === undefined ? {} : { status }) }
}

export async function listSavedCards(client: StoreClientInput): Promise<SavedCardsOutcome> {
  let answer: unknown
  try {
    answer = await storeFetch(client)(ROUTE)
  } catch (e) {
    return failure(e)
  }
  const parsed = z.object({ saved_cards: z.array(SavedCard) }).safeParse(answer)
  if (!parsed.success) return { type: "error", message: "The store answered saved cards in an unknown shape." }
  return { type: "cards", saved_cards: parsed.data.saved_cards }
}

/** Deletes one saved card of the logged-in customer (the gateway is not told: the plugin forgets the token). */
export async function deleteSavedCard(client: StoreClientInput, id: string): Promise<DeleteSavedCardOutcome> {
  if (!SavedCardId.safeParse(id).success)
    return { type: "error", message: "deleteSavedCard: id must be a saved card id (acqcard_…)" }
  try {
    await storeFetch(client)(`${ROUTE}/${id}`, { method: "DELETE" })
    return { type: "deleted", id }
  } catch (e) {
    return statusOf(e) === 404 ? { type: "not_found" } : failure(e)
  }
}

export const CardChoice = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("new_card"), save: z.boolean().default(false) }),
  z.object({ kind: z.literal("saved_card"), payment_method_id: SavedCardId }),
])
export type CardChoice = z.input<typeof CardChoice>

export function savedCardSessionData(choice: CardChoice): { save_card?: true; payment_method_id?: string } {
  const parsed = CardChoice.safeParse(choice)
  if (!parsed.success) {
    const i = parsed.error.issues[0]
    throw new Error(`savedCardSessionData: ${i.path.join(".") || "choice"}: ${i.message}`)
  }
  const c = parsed.data
  if (c.kind === "saved_card") return { payment_method_id: c.payment_method_id }
  return c.save ? { save_card: true } : {}
}

const SESSIONS_PATH = /^\/store\/payment-collections\/[^/]+\/payment-sessions$/

/** A client for `startPaymentSession` that adds the choice to the session's `data`. */
export function withCardChoice(client: StoreClientInput, choice: CardChoice): StoreFetch {
  const extra = savedCardSessionData(choice)
  const call = storeFetch(client)
  return (path, init) => {
    if (init?.method !== "POST" || !SESSIONS_PATH.test(path) || !Object.keys(extra).length) return call(path, init)
    const body = init.body ?? {}
    const data = (body.data ?? {}) as Record<string, unknown>
    return call(path, { ...init, body: { ...body, data: { ...data, ...extra } } })
  }
}

/** "Visa •••• 1111, expires 12/29": what a shopper recognises (no HTML; escape it where you insert it). */
export function describeSavedCard(card: Pick<SavedCard, "brand" | "last4" | "exp_month" | "exp_year">): string {
  const brands: Record<string, { name: string }> = CARD_BRANDS
  const brand = Object.prototype.hasOwnProperty.call(brands, card.brand) ? brands[card.brand].name : "Card"
  const mm = String(card.exp_month).padStart(2, "0")
  const yy = String(card.exp_year % 100).padStart(2, "0")
  return `${brand} •••• ${card.last4}, expires ${mm}/${yy}`
}
