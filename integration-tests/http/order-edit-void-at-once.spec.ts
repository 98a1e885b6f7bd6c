import { useAcquiringEnv } from "./helpers/acquiring-env"
import { acquiringTestRunner } from "./helpers/acquiring-suite"
import { editAddingTee, paidOrder } from "./helpers/order-payments"

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
    const { order_id: orderId, order_no } = await paidOrder(api, seed, env.sandbox())
    expect(env.sandbox().inspect.order(order_no)!.payment_status).toBe("2000")
    const collections = await editAddingTee(api, seed, admin, orderId)

    expect(env.sandbox().inspect.order(order_no)!.payment_status).toBe("5000")
    const view = await admin.get(`/admin/acquiring/payments/${orderId}`)
    expect(view.data.payments.find((p: { order_no: string }) => p.order_no === order_no).kept).toBeNull()
    expect(collections.map((c: { status: string }) => c.status).sort()).toEqual(["canceled", "not_paid"])
  })
})
