import { CompleteOutcome } from "../schemas"
import { completeCart, completeCartWhenReady } from "../complete"
import { CANCELLED_MESSAGE, DECLINED_MESSAGE } from "../decline"
import { StoreApiError } from "../client"
import { fail, fakeStore, ok } from "./fake-store"

const cartWith = (...statuses: string[]) =>
  ok({ cart: { payment_collection: { payment_sessions: statuses.map((status) => ({ status })) } } })

/** No real pauses while a decline waits for the gateway's reason. */
const NOW = { sleep: async () => {} }

describe("completeCart", () => {
  it("an order comes back as { type: order } from POST /store/carts/:id/complete", async () => {
    const store = fakeStore(ok({ type: "order", order: { id: "order_1", display_id: 7 } }))
    expect(await completeCart(store.fetch, "cart_1")).toEqual({
      type: "order",
      order: { id: "order_1", display_id: 7 },
    })
    expect(store.calls).toEqual([{ path: "/store/carts/cart_1/complete", init: { method: "POST" } }])
  })

  it("409 (the notification is completing the cart) is a retry, without asking anything else", async () => {
    const store = fakeStore(fail(409, "Cart is already being completed by another request"))
    expect(await completeCart(store.fetch, "cart_1")).toEqual({ type: "retry", reason: "completing" })
    expect(store.calls).toHaveLength(1)
  })

  it("409 because the cart changed after payment is pay_again with the store's words, never a retry", async () => {
    const message =
      "The cart changed after payment: pay again. The payment holds 32.89 EUR but the cart's total is now 39.47 EUR; the payment was voided."
    const store = fakeStore(fail(409, message))
    expect(await completeCart(store.fetch, "cart_1")).toEqual({ type: "pay_again", reason: "cart_changed", message })
    expect(store.calls).toHaveLength(1)
    const settled = await completeCartWhenReady(fakeStore(fail(409), fail(409, message)).fetch, "c", NOW)
    expect(settled).toMatchObject({ type: "pay_again", reason: "cart_changed" })
  })

  it("400 with the latest session in error is a decline with a clear message; Medusa's text is the detail", async () => {
    const store = fakeStore(fail(400, "Payment authorization failed"), cartWith("canceled", "error"))
    expect(await completeCart(store.fetch, "cart_1", NOW)).toEqual({
      type: "declined",
      reason: "declined",
      title: "Payment declined",
      message: DECLINED_MESSAGE,
      detail: "Payment authorization failed",
    })
    expect(store.calls[1].path).toBe("/store/carts/cart_1")
    expect(store.calls[1].init?.query?.fields).toContain("payment_collection.payment_sessions")
  })

  it("400: a cancelled session is a decline saying so; a pending one is a retry; an authorized one an error", async () => {
    const cancelled = fakeStore(fail(400), cartWith("error", "canceled"))
    expect(await completeCart(cancelled.fetch, "c", NOW)).toMatchObject({
      type: "declined",
      reason: "canceled",
      message: CANCELLED_MESSAGE,
    })
    const pending = fakeStore(fail(400), cartWith("pending"))
    expect(await completeCart(pending.fetch, "c")).toEqual({ type: "retry", reason: "pending" })
    const other = fakeStore(fail(400, "Some line is out of stock"), cartWith("authorized"))
    expect(await completeCart(other.fetch, "c")).toEqual({
      type: "error",
      message: "Some line is out of stock",
      status: 400,
    })
  })

  it("400 when the cart cannot be read either: declined (start again), never a throw", async () => {
    const store = fakeStore(fail(400, "not authorized"), fail(500))
    expect(await completeCart(store.fetch, "c")).toMatchObject({ type: "declined", detail: "not authorized" })
  })

  it("a cart with an authorisation error (HTTP 200) is a decline", async () => {
    const store = fakeStore(
      ok({ type: "cart", cart: {}, error: { message: "Card declined", type: "payment_authorization_error" } }),
      cartWith("pending_authorization"),
    )
    expect(await completeCart(store.fetch, "c", NOW)).toEqual({
      type: "declined",
      reason: "declined",
      title: "Payment declined",
      message: DECLINED_MESSAGE,
      detail: "Card declined",
    })
  })

  it("other failures are errors with their status; a network failure has none; an odd answer too", async () => {
    expect(await completeCart(fakeStore(fail(500, "boom")).fetch, "c")).toEqual({
      type: "error",
      message: "boom",
      status: 500,
    })
    const offline = fakeStore(() => {
      throw new TypeError("Failed to fetch")
    })
    expect(await completeCart(offline.fetch, "c")).toEqual({ type: "error", message: "Failed to fetch" })
    expect(await completeCart(fakeStore(ok({ type: "order" })).fetch, "c")).toMatchObject({ type: "error" })
  })

  it("every outcome is plain data a server action can return (JSON round trip, schema-valid)", async () => {
    const outcomes = [
      await completeCart(fakeStore(ok({ type: "order", order: { id: "o", total: 25.39 } })).fetch, "c"),
      await completeCart(fakeStore(fail(409)).fetch, "c"),
      await completeCart(fakeStore(fail(400), cartWith("error")).fetch, "c", NOW),
      await completeCart(fakeStore(fail(503)).fetch, "c"),
    ]
    for (const o of outcomes) {
      expect(JSON.parse(JSON.stringify(o))).toEqual(o)
      expect(CompleteOutcome.parse(o)).toEqual(o)
    }
  })

  it("works on the JS SDK's client object (its fetch is a method that needs its this)", async () => {
    const client = {
      base: "x",
      async fetch<T>(path: string): Promise<T> {
        if (this.base !== "x") throw new Error("lost this")
        return { type: "order", order: { id: path } } as T
      },
    }
    expect(await completeCart(client, "c")).toMatchObject({ type: "order" })
  })

  it("with a base URL and publishable key: the key is sent, and Medusa's 409 body becomes a retry", async () => {
    const seen: Array<{ url: string; init: RequestInit }> = []
    const fetchImpl = (async (url: string, init: RequestInit) => {
      seen.push({ url, init })
      return new Response(JSON.stringify({ type: "conflict", message: "Cart is already being completed" }), {
        status: 409,
      })
    }) as unknown as typeof fetch
    const outcome = await completeCart({ baseUrl: "http://api.test/", publishableKey: "pk_1", fetch: fetchImpl }, "c")
    expect(outcome).toEqual({ type: "retry", reason: "completing" })
    expect(seen[0].url).toBe("http://api.test/store/carts/c/complete")
    expect(seen[0].init.method).toBe("POST")
    expect((seen[0].init.headers as Record<string, string>)["x-publishable-api-key"]).toBe("pk_1")
  })
})

describe("completeCartWhenReady", () => {
  it("asks again after a 409 and a pending result, then returns the order; tells the page each time", async () => {
    const store = fakeStore(fail(409), fail(400), cartWith("pending"), ok({ type: "order", order: { id: "order_9" } }))
    const sleeps: number[] = []
    const retries: string[] = []
    const outcome = await completeCartWhenReady(store.fetch, "c", {
      intervalMs: 250,
      sleep: async (ms) => void sleeps.push(ms),
      onRetry: (r, attempt) => retries.push(`${attempt}:${r.reason}`),
    })
    expect(outcome).toEqual({ type: "order", order: { id: "order_9" } })
    expect(retries).toEqual(["1:completing", "2:pending"])
    expect(sleeps).toEqual([250, 250])
  })

  it("stops at a decline at once, and gives up with the last retry after the attempts", async () => {
    const declined = fakeStore(fail(400), cartWith("error"))
    expect(await completeCartWhenReady(declined.fetch, "c", { sleep: async () => {} })).toMatchObject({
      type: "declined",
    })
    const sleeps: number[] = []
    const busy = fakeStore(fail(409), fail(409), fail(409))
    expect(
      await completeCartWhenReady(busy.fetch, "c", { attempts: 3, sleep: async (ms) => void sleeps.push(ms) }),
    ).toEqual({ type: "retry", reason: "completing" })
    expect(sleeps).toHaveLength(2) // no pause after the last attempt
  })

  it("StoreApiError carries the status like the SDK's FetchError", () => {
    expect(new StoreApiError("m", 409)).toMatchObject({ status: 409, message: "m" })
  })
})
