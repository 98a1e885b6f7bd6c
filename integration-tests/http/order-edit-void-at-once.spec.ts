import { useAcquiringEnv } from "./helpers/acquiring-env"
import { acquiringTestRunner } from "./helpers/acquiring-suite"
import { PROVIDERS } from "./helpers/acquiring-seed"
import { adminOrder, cartWithShipping, completeCart, DEVICE, startSession } from "./helpers/acquiring-store"
import { payOnHostedPage } from "./helpers/browser"

jest.setTimeout(300_000)

// Read when the app's medusa-config loads (the runner's beforeAll); this worker's later files must not see it.
process.env.ACQ_OPTIONS_OVERRIDE = JSON.stringify({ void_on_collection_cancel: true })
afterAll(() => {
  delete process.env.ACQ_OPTIONS_OVERRIDE
})

/** Option void_on_collection_cancel: an order edit's canceled collection is voided at the gateway at once (Medusa's own behaviour). */
const env = useAcquiringEnv()

acquiringTestRunner(({ api, seed, admin }) => {
  it("an order edit voids the authorised gateway order at once, before the new collection is paid", async () => {
    const cart = await cartWithShipping(api, seed)
    const { session } = await startSession(api, seed, cart.id, PROVIDERS.hosted, { device: DEVICE })
    await payOnHostedPage(session.data.form, { number: "4111111111111111" })
    const done = await completeCart(api, seed, cart.id)
    expect(done.type).toBe("order")
    const orderId = done.order.id as string
    expect(env.sandbox().inspect.order(session.data.order_no)!.payment_status).toBe("2000")

    expect((await admin.post("/admin/order-edits", { order_id: orderId })).status).toBe(200)
    expect(
      (
        await admin.post(`/admin/order-edits/${orderId}/items`, {
          items: [{ variant_id: seed.variants.tee, quantity: 1 }],
        })
      ).status,
    ).toBe(200)
    expect((await admin.post(`/admin/order-edits/${orderId}/request`)).status).toBe(200)
    expect((await admin.post(`/admin/order-edits/${orderId}/confirm`)).status).toBe(200)

    expect(env.sandbox().inspect.order(session.data.order_no)!.payment_status).toBe("5000")
    const view = await admin.get(`/admin/acquiring/payments/${orderId}`)
    expect(view.data.payments.find((p: { order_no: string }) => p.order_no === session.data.order_no).kept).toBeNull()
    const collections = (await adminOrder(api, seed, orderId)).payment_collections
    expect(collections.map((c: { status: string }) => c.status).sort()).toEqual(["canceled", "not_paid"])
  })
})
