import { ACQUIRING_MODULE, type AcquiringModuleService } from "../../src/modules/acquiring"
import { useAcquiringEnv } from "./helpers/acquiring-env"
import { placeOrder, sleep } from "./helpers/acquiring-orders"
import { PROVIDERS } from "./helpers/acquiring-seed"
import { acquiringTestRunner } from "./helpers/acquiring-suite"
import { cartWithShipping, completeCart, DEVICE, startSession } from "./helpers/acquiring-store"

jest.setTimeout(300_000)

const env = useAcquiringEnv()

/** The cart of cartWithShipping: two mugs, one tee, shipping, SAVE5. */
const AMOUNT = "32.89"
const cents = (v: string | undefined) => Math.round(Number(v ?? 0) * 100)

/**
 * Issue 37: the overview after a known mix on its own app, every figure checked against what was done:
 * two card approvals (one captured, refunded in part and disputed; one whose order is cancelled),
 * a decline, an abandoned page, an APM approval, a settled orphan and a session still open.
 */
acquiringTestRunner(({ api, getContainer, seed, admin }) => {
  const books = () => getContainer().resolve<AcquiringModuleService>(ACQUIRING_MODULE)

  it("shows exactly the mix's counts and amounts in tiles, outcomes, methods and open disputes", async () => {
    const sandbox = env.sandbox()
    const paymentOf = async (orderId: string) => {
      const { data } = await admin.get(`/admin/orders/${orderId}?fields=*payment_collections.payments`)
      return data.order.payment_collections[0].payments[0]
    }

    // Approved, captured, refunded 10.00, then disputed at the bank.
    const kept = await placeOrder(api, seed, sandbox)
    const keptPayment = await paymentOf(kept.order_id)
    expect((await admin.post(`/admin/payments/${keptPayment.id}/capture`)).status).toBe(200)
    expect((await admin.post(`/admin/payments/${keptPayment.id}/refund`, { amount: 10 })).status).toBe(200)
    sandbox.portal.openDispute(kept.order_no, { reason: "Fraudulent transaction", deadline: "2030-01-31" })

    // Approved, then voided by cancelling the order.
    const voided = await placeOrder(api, seed, sandbox)
    expect((await admin.post(`/admin/orders/${voided.order_id}/cancel`)).status).toBe(200)

    // Declined for insufficient funds.
    const declined = await placeOrder(api, seed, sandbox, { card: "4000000000009995", complete: false })

    // Abandoned: a page opened and left. Its hour-long page expiry is moved back, as an hour passing would.
    const leftCart = await cartWithShipping(api, seed)
    const left = (await startSession(api, seed, leftCart.id, PROVIDERS.hosted, { device: DEVICE })).session
    const [leftRow] = await books().listGatewayOrders({ order_no: left.data.order_no })
    await books().updateGatewayOrders({ id: leftRow.id, page_expires_at: new Date(Date.now() - 60_000) })

    // An APM approved by the shopper at the issuer, then completed by the storefront.
    const apmCart = await cartWithShipping(api, seed)
    const apm = (
      await startSession(api, seed, apmCart.id, PROVIDERS.apm, {
        payment_method: "sandbox_wallet",
        return_url: "http://shop.test/checkout/return",
      })
    ).session
    sandbox.shopper.apm(apm.data.order_no, true)
    expect((await completeCart(api, seed, apmCart.id)).type).toBe("order")

    // A settled orphan: session A replaced by B (a double click), then A's page paid; B stays open.
    const orphanCart = await cartWithShipping(api, seed)
    const a = (await startSession(api, seed, orphanCart.id, PROVIDERS.hosted, { device: DEVICE })).session
    const b = (await startSession(api, seed, orphanCart.id, PROVIDERS.hosted, { device: DEVICE })).session
    sandbox.shopper.pay(a.data.order_no, { card: "4111111111111111" })

    expect(await sandbox.notifications.settle(30_000)).toBe(true)
    await sleep(1_000)
    const [orphan] = await books().listGatewayOrders({ order_no: a.data.order_no })
    expect(orphan).toMatchObject({ state: "settled" })

    const o = (await admin.get("/admin/acquiring/overview?period=today")).data.overview
    // Approved: both card orders, the APM and the orphan (the gateway took its money before it was given back).
    expect(o.outcomes.totals).toEqual({ approved: 4, declined: 1, abandoned: 1, pending: 1 })
    expect(o.outcomes.approval_rate).toBe(80)
    expect(o.tiles.volume.count).toBe(4)
    expect(cents(o.tiles.volume.amounts.EUR)).toBe(4 * cents(AMOUNT))
    expect(o.outcomes.declines).toEqual([
      { category: "insufficient_funds", count: 1, codes: [{ code: "E0002", count: 1 }] },
    ])
    const methods = Object.fromEntries(o.outcomes.methods.map((m: any) => [m.method, m]))
    expect(methods.card).toMatchObject({ approved: 3, declined: 1, abandoned: 1 })
    expect(methods["apm:sandbox_wallet"]).toMatchObject({ approved: 1, declined: 0, abandoned: 0 })
    expect(cents(methods["apm:sandbox_wallet"].volume.EUR)).toBe(cents(AMOUNT))

    expect(o.tiles.captured.count).toBe(1)
    expect(cents(o.tiles.captured.amounts.EUR)).toBe(cents(AMOUNT))
    expect(o.tiles.refunded.count).toBe(1)
    expect(cents(o.tiles.refunded.amounts.EUR)).toBe(1000)
    expect(o.tiles.disputed.count).toBe(1)
    expect(cents(o.tiles.disputed.amounts.EUR)).toBe(cents(AMOUNT))
    // The orphan's void only: a void Medusa asks of the provider (the order's cancel) is not in the books.
    expect(o.tiles.voided.count).toBe(1)
    expect(cents(o.tiles.voided.amounts.EUR)).toBe(cents(AMOUNT))
    expect(o.tiles.settled_orphans.count).toBe(1)
    expect(cents(o.tiles.settled_orphans.amounts.EUR)).toBe(cents(AMOUNT))
    expect(o.open_disputes.map((d: any) => [d.order_no, d.deadline])).toEqual([[kept.order_no, "2030-01-31"]])

    // Each list behind a figure holds exactly its orders.
    const list = async (q: string) =>
      (await admin.get(`/admin/acquiring/overview/payments?period=today&${q}`)).data.payments
        .map((p: any) => p.order_no)
        .sort()
    expect(await list("outcome=abandoned")).toEqual([left.data.order_no])
    expect(await list("outcome=pending")).toEqual([b.data.order_no])
    expect(await list("outcome=declined")).toEqual([declined.order_no])
    expect(await list("method=apm:sandbox_wallet")).toEqual([apm.data.order_no])
    expect(await list("tile=settled_orphans")).toEqual([a.data.order_no])
    expect(await list("tile=disputed")).toEqual([kept.order_no])
    expect(await list("tile=refunded")).toEqual([kept.order_no])
    expect(await list("tile=voided")).toEqual([a.data.order_no])
    expect(sandbox.inspect.order(voided.order_no)!.state).toBe("cancelled")
  })
})
