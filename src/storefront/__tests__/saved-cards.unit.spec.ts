import { PublicSavedCard } from "../../lib/acquiring/saved-cards"
import { StorefrontData } from "../../lib/acquiring/snapshot/storefront-data"
import { storeFetch } from "../client"
import {
  deleteSavedCard,
  describeSavedCard,
  listSavedCards,
  SavedCard,
  savedCardSessionData,
  withCardChoice,
} from "../saved-cards"
import { startPaymentSession } from "../session"
import { fail, fakeStore, ok } from "./fake-store"

const ID = "acqcard_0123456789abcdef01234567"
const CARD = { id: ID, brand: "visa", last4: "1111", exp_month: 12, exp_year: 2029, created_at: "2026-11-23T16:00:00Z" }
const HOSTED = "pp_acquiring_acquiring"
const hostedData = {
  hosted_page_path: "/store/acquiring/payment-sessions/payses_1/hosted-page",
  hosted_page_token: "tok",
  iframe: { allowed: true, name: "acquiring_hosted_page", min_height: 600 },
}

describe("listSavedCards", () => {
  it("reads the customer's cards from the store route", async () => {
    const store = fakeStore(ok({ saved_cards: [CARD] }))
    expect(await listSavedCards(store.fetch)).toEqual({ type: "cards", saved_cards: [CARD] })
    expect(store.calls).toEqual([{ path: "/store/acquiring/saved-cards", init: undefined }])
  })

  it("401 is signed_out, another status an error with it, a strange answer an error: never a throw", async () => {
    expect(await listSavedCards(fakeStore(fail(401, "Unauthorized")).fetch)).toEqual({ type: "signed_out" })
    expect(await listSavedCards(fakeStore(fail(500, "boom")).fetch)).toEqual({
      type: "error",
      message: "boom",
      status: 500,
    })
    expect(
      await listSavedCards(fakeStore(ok({ saved_cards: [{ ...CARD, token_id: "x", last4: "11" }] })).fetch),
    ).toMatchObject({ type: "error" })
    const offline = async () => {
      throw new TypeError("Failed to fetch")
    }
    expect(await listSavedCards(offline)).toEqual({ type: "error", message: "Failed to fetch" })
  })

  it("works over a plain connection with an injected fetch, sending the customer's bearer", async () => {
    const seen: Array<{ url: string; init: RequestInit }> = []
    const fetchImpl = (async (url: string, init: RequestInit) => {
      seen.push({ url, init })
      return new Response(JSON.stringify({ saved_cards: [CARD] }), { status: 200 })
    }) as unknown as typeof fetch
    const outcome = await listSavedCards({
      baseUrl: "https://api.shop.test/",
      publishableKey: "pk_1",
      fetch: fetchImpl,
      headers: { authorization: "Bearer jwt" },
    })
    expect(outcome.type).toBe("cards")
    expect(seen[0].url).toBe("https://api.shop.test/store/acquiring/saved-cards")
    expect(seen[0].init.headers).toMatchObject({ authorization: "Bearer jwt", "x-publishable-api-key": "pk_1" })
  })

  it("the kit's card shape is the server's public one: no field more (no token), none less", () => {
    expect(Object.keys(SavedCard.shape).sort()).toEqual(Object.keys(PublicSavedCard.shape).sort())
  })
})

describe("deleteSavedCard", () => {
  it("deletes by id; 404 is not_found; 401 signed_out", async () => {
    const store = fakeStore(ok({ id: ID, object: "saved_card", deleted: true }), fail(404), fail(401))
    expect(await deleteSavedCard(store.fetch, ID)).toEqual({ type: "deleted", id: ID })
    expect(store.calls[0]).toEqual({ path: `/store/acquiring/saved-cards/${ID}`, init: { method: "DELETE" } })
    expect(await deleteSavedCard(store.fetch, ID)).toEqual({ type: "not_found" })
    expect(await deleteSavedCard(store.fetch, ID)).toEqual({ type: "signed_out" })
  })

  it("refuses an id that is not a saved card's before any call (no path injection)", async () => {
    const store = fakeStore()
    expect(await deleteSavedCard(store.fetch, "../../carts/cart_1")).toEqual({
      type: "error",
      message: expect.stringContaining("acqcard_"),
    })
    expect(store.calls).toEqual([])
  })
})

describe("card choice in the session data", () => {
  it("maps a choice to the fields the provider's own schema accepts", () => {
    expect(savedCardSessionData({ kind: "new_card", save: true })).toEqual({ save_card: true })
    expect(savedCardSessionData({ kind: "new_card" })).toEqual({})
    expect(savedCardSessionData({ kind: "saved_card", payment_method_id: ID })).toEqual({ payment_method_id: ID })
    for (const data of [{ save_card: true }, { payment_method_id: ID }])
      expect(StorefrontData.parse(data)).toEqual(data)
    expect(() => savedCardSessionData({ kind: "saved_card", payment_method_id: "tk123" })).toThrow(
      /payment_method_id: must be a saved card id/,
    )
  })

  it("withCardChoice adds the choice to the session request of startPaymentSession only", async () => {
    const store = fakeStore(
      ok({ payment_collection: { id: "pay_col_1" } }),
      ok({
        payment_collection: {
          id: "pay_col_1",
          payment_sessions: [{ id: "payses_1", provider_id: HOSTED, status: "pending", data: hostedData }],
        },
      }),
    )
    await startPaymentSession(withCardChoice(store.fetch, { kind: "saved_card", payment_method_id: ID }), {
      cart: { id: "cart_1" },
      provider_id: HOSTED,
      return_url: "https://shop.test/return/cart_1",
    })
    expect(store.calls[0].init).toEqual({ method: "POST", body: { cart_id: "cart_1" } })
    const body = store.calls[1].init!.body as { data: Record<string, unknown> }
    expect(StorefrontData.parse(body.data)).toEqual({
      return_url: "https://shop.test/return/cart_1",
      cancel_url: "https://shop.test/return/cart_1",
      payment_method_id: ID,
    })
  })

  it("a new card not to be saved leaves the request as it was", async () => {
    const store = fakeStore(ok({}))
    const call = withCardChoice(storeFetch(store.fetch), { kind: "new_card", save: false })
    await call("/store/payment-collections/p/payment-sessions", { method: "POST", body: { provider_id: HOSTED } })
    expect(store.calls[0].init).toEqual({ method: "POST", body: { provider_id: HOSTED } })
  })
})

describe("describeSavedCard", () => {
  it("names the brand, masks the number and shows the expiry; an unknown brand is a card", () => {
    expect(describeSavedCard(CARD)).toBe("Visa •••• 1111, expires 12/29")
    expect(describeSavedCard({ ...CARD, brand: "__proto__", exp_month: 3, exp_year: 2031 })).toBe(
      "Card •••• 1111, expires 03/31",
    )
  })
})
