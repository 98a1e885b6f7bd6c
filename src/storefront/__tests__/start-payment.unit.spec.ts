import { StartPaymentOutcome, startPayment } from "../session"
import { paidCollectionMessage } from "../../lib/acquiring/store-refusals"
import { fail, fakeStore, ok } from "./fake-store"

const HOSTED = "pp_acquiring_acquiring"
const input = { payment_collection_id: "pay_col_1", provider_id: HOSTED, return_url: "https://shop.test/return/c1" }
const hostedData = {
  hosted_page_path: "/store/acquiring/payment-sessions/payses_1/hosted-page",
  hosted_page_token: "tok",
  iframe: { allowed: true, name: "acquiring_hosted_page", min_height: 600 },
}

describe("startPayment", () => {
  it("a started session is the `started` outcome, with where to send the shopper", async () => {
    const store = fakeStore(
      ok({
        payment_collection: {
          id: "pay_col_1",
          payment_sessions: [{ id: "payses_1", provider_id: HOSTED, status: "pending", data: hostedData }],
        },
      }),
    )
    const outcome = await startPayment(store.fetch, input)
    expect(outcome).toMatchObject({ type: "started", payment: { kind: "hosted_page", session_id: "payses_1" } })
    expect(StartPaymentOutcome.parse(outcome)).toEqual(outcome)
  })

  it("the store's 409 for a paid collection is `already_paid` (go to the order); any other 409 is `retry`", async () => {
    const message = paidCollectionMessage({ cart_id: "cart_1", order_id: "order_1" })
    expect(await startPayment(fakeStore(fail(409, message)).fetch, input)).toEqual({ type: "already_paid", message })
    const busy = "A payment session for collection pay_col_1 is being started; try again in a moment."
    expect(await startPayment(fakeStore(fail(409, busy)).fetch, input)).toEqual({ type: "retry", reason: "starting" })
  })

  it("never throws: another failure or a bad input is an `error` outcome", async () => {
    expect(await startPayment(fakeStore(fail(500, "down")).fetch, input)).toEqual({
      type: "error",
      message: "down",
      status: 500,
    })
    const bad = await startPayment(fakeStore().fetch, { ...input, return_url: "not a url" })
    expect(bad).toMatchObject({ type: "error", message: expect.stringMatching(/^startPaymentSession: return_url/) })
  })
})
