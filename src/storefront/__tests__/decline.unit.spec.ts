import { completeCart, completeCartWhenReady } from "../complete"
import { DECLINE_CATEGORIES, DECLINE_TEXTS, declineOutcome } from "../decline"
import { CompleteOutcome } from "../schemas"
import { fail, fakeStore, ok } from "./fake-store"

/** The cart as the Store API shows it after Medusa refused the completion: one session and its data. */
const cartWithSession = (status: string, data: Record<string, unknown> | null = {}) =>
  ok({ cart: { payment_collection: { payment_sessions: [{ status, data }] } } })

const reason = (code: string, category: string, text = "from the gateway") => ({
  order_no: "payses01",
  decline: { code, text, category },
})

describe("the kit's decline outcome names the gateway's reason", () => {
  it.each([
    ["E0002", "insufficient_funds", "error"],
    ["E0001", "refused", "error"],
    ["E0003", "three_ds_failed", "error"],
    ["E0006", "expired", "error"],
    ["E0004", "canceled", "canceled"],
    ["E0999", "declined", "error"],
  ])("%s kept as %s in the %s session's data", async (code, category, status) => {
    const store = fakeStore(fail(400, "Session was not authorized"), cartWithSession(status, reason(code, category)))
    const outcome = await completeCart(store.fetch, "cart_1")
    expect(outcome).toEqual({
      type: "declined",
      reason: category,
      title: DECLINE_TEXTS[category as keyof typeof DECLINE_TEXTS].title,
      message: DECLINE_TEXTS[category as keyof typeof DECLINE_TEXTS].message,
      code,
      detail: "Session was not authorized",
    })
    expect(CompleteOutcome.parse(outcome)).toEqual(outcome)
    expect(store.calls).toHaveLength(2) // the reason was there: no waiting
  })

  it("every category has its own heading and sentence (a shopper can tell them apart)", () => {
    const titles = DECLINE_CATEGORIES.map((c) => DECLINE_TEXTS[c].title)
    const messages = DECLINE_CATEGORIES.map((c) => DECLINE_TEXTS[c].message)
    expect(new Set(titles).size).toBe(DECLINE_CATEGORIES.length)
    expect(new Set(messages).size).toBe(DECLINE_CATEGORIES.length)
    expect(DECLINE_TEXTS.canceled.title).not.toMatch(/declined/i)
  })

  it("waits for the notification's reason when the shopper came back first, re-reading the cart", async () => {
    const store = fakeStore(
      fail(400),
      cartWithSession("error"),
      cartWithSession("error"),
      cartWithSession("error", reason("E0002", "insufficient_funds")),
    )
    const sleeps: number[] = []
    const outcome = await completeCart(store.fetch, "c", { sleep: async (ms) => void sleeps.push(ms) })
    expect(outcome).toMatchObject({ type: "declined", reason: "insufficient_funds", code: "E0002" })
    expect(sleeps).toEqual([500, 500])
    expect(store.calls.map((c) => c.path)).toEqual([
      "/store/carts/c/complete",
      "/store/carts/c",
      "/store/carts/c",
      "/store/carts/c",
    ])
  })

  it("without a reason after the wait: Medusa's status decides (canceled → canceled, error → declined)", async () => {
    const sleeps: number[] = []
    const sleep = async (ms: number) => void sleeps.push(ms)
    const cancelled = fakeStore(fail(400), cartWithSession("canceled"), cartWithSession("canceled"))
    expect(await completeCart(cancelled.fetch, "c", { sleep, reasonWaitMs: 1000 })).toMatchObject({
      reason: "canceled",
      title: "Payment cancelled",
    })
    const errored = fakeStore(fail(400), cartWithSession("error"), cartWithSession("error"), cartWithSession("error"))
    expect(await completeCart(errored.fetch, "c", { sleep, reasonWaitMs: 1000 })).toMatchObject({
      reason: "declined",
      title: "Payment declined",
    })
    expect(sleeps).toEqual([500, 500, 500, 500])
    const now = fakeStore(fail(400), cartWithSession("error"))
    expect(await completeCart(now.fetch, "c", { reasonWaitMs: 0 })).toMatchObject({ reason: "declined" })
    expect(now.calls).toHaveLength(2)
  })

  it("a malformed or unknown category in the data is not trusted: the generic category", () => {
    const outcome = declineOutcome({ status: "error", data: reason("E0002", "stolen_card") })
    expect(outcome).toMatchObject({ reason: "declined", message: DECLINE_TEXTS.declined.message })
    expect(outcome).not.toHaveProperty("code")
  })

  it("a store's own wording replaces the defaults per category", async () => {
    const texts = { insufficient_funds: { title: "Nicht genug Guthaben" } }
    const store = fakeStore(fail(400), cartWithSession("error", reason("E0002", "insufficient_funds")))
    const outcome = await completeCartWhenReady(store.fetch, "c", { texts })
    expect(outcome).toMatchObject({
      reason: "insufficient_funds",
      title: "Nicht genug Guthaben",
      message: DECLINE_TEXTS.insufficient_funds.message,
    })
  })
})
