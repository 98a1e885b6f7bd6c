import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { useAcquiringEnv } from "./helpers/acquiring-env"
import { acquiringTestRunner } from "./helpers/acquiring-suite"
import { placeOrder } from "./helpers/acquiring-orders"
import { adminOrder } from "./helpers/acquiring-store"

jest.setTimeout(300_000)

const env = useAcquiringEnv()

/**
 * The books' read-only links (src/links) seen through Medusa's Query: a real checkout, a capture through
 * the admin route and a dispute the sandbox notifies, then one graph from the payment and one from the
 * gateway order, each crossing modules the way the admin's own reads do.
 */
acquiringTestRunner(({ api, getContainer, seed, admin }) => {
  it("answers a payment with its gateway order and disputes, and a gateway order with its session, collection, cart and movements", async () => {
    const sandbox = env.sandbox()
    const o = await placeOrder(api, seed, sandbox)
    await sandbox.notifications.settle(15_000)
    const [collection] = (await adminOrder(api, seed, o.order_id)).payment_collections
    const payment = collection.payments[0]
    expect((await admin.post(`/admin/payments/${payment.id}/capture`)).status).toBe(200)
    sandbox.portal.openDispute(o.order_no, {
      reason: "Fraudulent transaction",
      deadline: "2030-01-31",
      amount: "20.00",
    })
    expect(await sandbox.notifications.settle(30_000)).toBe(true)

    const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
    const {
      data: [fromPayment],
    } = await query.graph({
      entity: "payment",
      fields: ["id", "gateway_order.order_no", "gateway_order.session_id", "disputes.*"],
      filters: { id: payment.id },
    })
    expect(fromPayment.gateway_order).toEqual(
      expect.objectContaining({ order_no: o.order_no, session_id: o.payment_session_id }),
    )
    expect(fromPayment.disputes).toEqual([
      expect.objectContaining({
        order_no: o.order_no,
        payment_id: payment.id,
        status: "opened",
        reason: "Fraudulent transaction",
      }),
    ])

    const {
      data: [gatewayOrder],
    } = await query.graph({
      entity: "gateway_order",
      fields: [
        "order_no",
        "payment_session.id",
        "payment_collection.id",
        "cart.id",
        "movements.kind",
        "movements.payment.id",
        "disputes.payment.id",
      ],
      filters: { order_no: o.order_no },
    })
    expect(gatewayOrder.payment_session).toEqual(expect.objectContaining({ id: o.payment_session_id }))
    expect(gatewayOrder.payment_collection).toEqual(expect.objectContaining({ id: collection.id }))
    expect(gatewayOrder.cart).toEqual(expect.objectContaining({ id: o.cart_id }))
    expect(gatewayOrder.movements).toEqual([
      expect.objectContaining({ kind: "capture", payment: expect.objectContaining({ id: payment.id }) }),
    ])
    expect(gatewayOrder.disputes).toEqual([
      expect.objectContaining({ payment: expect.objectContaining({ id: payment.id }) }),
    ])
  })
})
