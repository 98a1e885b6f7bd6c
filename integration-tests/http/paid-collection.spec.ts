import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { PAYMENT_STATUS } from "../../src/gateway/status-codes"
import { gatewaysFor, recordsByOrderNo, refundsByOrderNo } from "../../src/lib/acquiring/gateways"
import { ACQUIRING_MODULE, type AcquiringModuleService } from "../../src/modules/acquiring"
import { useAcquiringEnv } from "./helpers/acquiring-env"
import { requestMark, requestsSince, sleep } from "./helpers/acquiring-orders"
import { PROVIDERS } from "./helpers/acquiring-seed"
import { acquiringTestRunner } from "./helpers/acquiring-suite"
import { adminOrder, cartWithShipping, completeCart, DEVICE, startSession } from "./helpers/acquiring-store"
import { formOf, getPage, payOnHostedPage, postForm } from "./helpers/browser"
import { wireName } from "./helpers/dialect"
import { startPayment } from "../../src/storefront"
import { deliverNotification } from "./helpers/hook-events"

jest.setTimeout(300_000)

/**
 * Issue 34, finding 1: a new payment session on the collection of a cart that is already an order.
 * Medusa's session workflow deletes every session of the collection, the authorised one included;
 * before this fix the card's authorisation was voided at once and the APM's payment refunded as an
 * orphan, from any client holding the publishable key and the collection id. The session request is
 * now refused with 409, and the books never move money that a live Medusa payment carries, even when
 * its session row is gone.
 */
const env = useAcquiringEnv()

const ACCOUNT_ID = "100000101"
const RETURN_URL = "http://shop.test/checkout/return"
const AMOUNT = "32.89"

acquiringTestRunner(({ api, getContainer, seed, admin }) => {
  const books = () => getContainer().resolve(ACQUIRING_MODULE) as AcquiringModuleService
  const sandbox = () => env.sandbox()
  const hostedData = { device: DEVICE, return_url: RETURN_URL }
  const apmData = { payment_method: "sandbox_wallet", return_url: RETURN_URL }

  /** What the gateway says of the order, asked as the plugin asks it. */
  const atGateway = async (orderNo: string, providerId: string) => {
    const { client } = gatewaysFor(getContainer())(providerId)
    const ref = { order_no: orderNo, account_id: ACCOUNT_ID, currency: "EUR" }
    const record = (await recordsByOrderNo(client, [ref])).get(orderNo)
    const refunds = (await refundsByOrderNo(client, [ref])).get(orderNo) ?? []
    return { status: record?.payment_status, refunds: refunds.length }
  }

  /** A client that has only the publishable key: no cookie, no customer, no cart of its own. */
  const stranger = async (path: string, body: unknown) => {
    const res = await fetch(`${process.env.ACQ_STORE_URL}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...seed.store.headers },
      body: JSON.stringify(body),
    })
    return { status: res.status, body: (await res.json()) as { code?: string; message?: string } }
  }

  const sessionRequest = (collectionId: string, provider: string, data: Record<string, unknown>) =>
    stranger(`/store/payment-collections/${collectionId}/payment-sessions`, { provider_id: provider, data })

  /** A card checkout paid on the hosted page (authorised, manual capture) and completed. */
  const cardOrder = async () => {
    const cart = await cartWithShipping(api, seed)
    const { collection_id, session } = await startSession(api, seed, cart.id, PROVIDERS.hosted, hostedData)
    await payOnHostedPage(session.data.form, { number: "4111111111111111" })
    const done = await completeCart(api, seed, cart.id)
    expect(done.type).toBe("order")
    expect(await sandbox().notifications.settle(15_000)).toBe(true)
    return { cart_id: cart.id, collection_id, order_id: done.order.id as string, order_no: session.data.order_no }
  }

  /** An APM checkout approved on the issuer's page (paid at once); its notification places the order. */
  const apmOrder = async () => {
    const cart = await cartWithShipping(api, seed)
    const { collection_id, session } = await startSession(api, seed, cart.id, PROVIDERS.apm, apmData)
    const page = await getPage(session.data.issuer_url)
    const form = formOf(page.html, session.data.issuer_url)
    await postForm(form.action, { ...form.fields, action: "approve" })
    expect(await sandbox().notifications.settle(15_000)).toBe(true)
    const done = await completeCart(api, seed, cart.id)
    expect(done.type).toBe("order")
    return { cart_id: cart.id, collection_id, order_id: done.order.id as string, order_no: session.data.order_no }
  }

  const paymentOf = async (orderId: string) => (await adminOrder(api, seed, orderId)).payment_collections[0].payments[0]

  /** The order's row on Unmatched payments, if any. */
  const unmatched = async (orderNo: string) =>
    ((await admin.get("/admin/acquiring/unmatched?limit=100")).data.unmatched as Array<{ order_no: string }>).filter(
      (u) => u.order_no === orderNo,
    )

  /** One reconciliation run: the changes it reports for this gateway order. */
  const reconcile = async (orderNo: string) => {
    const res = await admin.post("/admin/acquiring/reconcile", {})
    expect(res.status).toBe(200)
    return (res.data.report.changes as Array<{ order_no?: string }>).filter((c) => c.order_no === orderNo)
  }

  const refused = (res: { status: number; body: { code?: string; message?: string } }, cartId: string) => {
    expect(res.status).toBe(409)
    expect(res.body.code).toBe("acquiring_collection_paid")
    expect(res.body.message).toMatch(new RegExp(`^Already paid: cart ${cartId} is order order_`))
  }

  it("card (manual capture): a new session on the order's collection is 409; the authorisation stays, the admin's capture works, nothing unmatched, reconciliation changes nothing", async () => {
    const o = await cardOrder()
    const mark = requestMark(sandbox())
    refused(await sessionRequest(o.collection_id, PROVIDERS.hosted, hostedData), o.cart_id)
    // The same from the shopper's own tab, for the other provider too.
    refused(await sessionRequest(o.collection_id, PROVIDERS.apm, apmData), o.cart_id)
    // The storefront kit's session call names it: go to the order, do not pay again.
    const store = { baseUrl: process.env.ACQ_STORE_URL!, publishableKey: seed.store.headers["x-publishable-api-key"] }
    const input = {
      cart: { id: o.cart_id, payment_collection: { id: o.collection_id } },
      provider_id: PROVIDERS.hosted,
    }
    expect(await startPayment(store, { ...input, return_url: RETURN_URL, device: DEVICE })).toEqual({
      type: "already_paid",
      message: expect.stringMatching(/^Already paid: cart .* is order order_\w+\. Show the order/),
    })
    expect(requestsSince(sandbox(), "/v1/cancel", mark)).toEqual([])
    expect(await atGateway(o.order_no, PROVIDERS.hosted)).toEqual({ status: PAYMENT_STATUS.AUTHORISED, refunds: 0 })
    expect(await reconcile(o.order_no)).toEqual([])

    const payment = await paymentOf(o.order_id)
    expect(payment.canceled_at).toBeNull()
    expect((await admin.post(`/admin/payments/${payment.id}/capture`)).status).toBe(200)
    expect(await atGateway(o.order_no, PROVIDERS.hosted)).toEqual({ status: PAYMENT_STATUS.PAID, refunds: 0 })
    expect(await unmatched(o.order_no)).toEqual([])
    expect(await reconcile(o.order_no)).toEqual([])
    expect((await adminOrder(api, seed, o.order_id)).payment_status).toBe("captured")
  })

  it("APM (paid at once), a stranger with the publishable key and the collection id: 409; the payment stays, nothing refunded or unmatched", async () => {
    const o = await apmOrder()
    const mark = requestMark(sandbox())
    for (const provider of [PROVIDERS.apm, PROVIDERS.hosted, "pp_system_default"])
      refused(await sessionRequest(o.collection_id, provider, provider === PROVIDERS.apm ? apmData : {}), o.cart_id)
    expect(await reconcile(o.order_no)).toEqual([])
    expect([...requestsSince(sandbox(), "/v1/refund", mark), ...requestsSince(sandbox(), "/v1/cancel", mark)]).toEqual(
      [],
    )
    expect(await atGateway(o.order_no, PROVIDERS.apm)).toEqual({ status: PAYMENT_STATUS.PAID, refunds: 0 })
    expect(await unmatched(o.order_no)).toEqual([])
    const [row] = await books().listGatewayOrders({ order_no: o.order_no })
    expect(row.state).toBe("attached")
    expect((await paymentOf(o.order_id)).canceled_at).toBeNull()
  })

  it("a session request during a completion waits for the cart's lock and reads the cart after it: refused once the completion is done", async () => {
    const cart = await cartWithShipping(api, seed)
    const { collection_id } = await startSession(api, seed, cart.id, PROVIDERS.hosted, hostedData)
    // What Medusa's completion holds from its first read to the authorisation: the bare cart id.
    const locking = getContainer().resolve(Modules.LOCKING)
    await locking.acquire(cart.id, { ownerId: "test-completion", expire: 30 })
    let request: Promise<{ status: number; body: { code?: string; message?: string } }>
    try {
      request = sessionRequest(collection_id, PROVIDERS.hosted, hostedData)
      await sleep(500)
      // The completion's own work, done while it holds the lock.
      await getContainer().resolve(Modules.CART).updateCarts(cart.id, { completed_at: new Date() })
    } finally {
      await locking.release(cart.id, { ownerId: "test-completion" })
    }
    const res = await request
    expect([res.status, res.body.message]).toEqual([
      409,
      `Already paid: cart ${cart.id} is completed. Show its order; no new payment is needed.`,
    ])
  })

  /** Delete the session row as an earlier bug left it (Medusa's payment stays, with its data). */
  const dropSessionRow = async (orderNo: string) => {
    const db = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
    const deleted = await db("payment_session").whereRaw("data->>'order_no' = ?", [orderNo]).del()
    expect(deleted).toBe(1)
  }

  it("the books never settle a gateway order a live Medusa payment carries, its session row gone: the notification again, then reconciliation", async () => {
    const o = await apmOrder()
    // As before the books attached it: open again, as an order settled before its first reconciliation.
    await books().updateGatewayOrders({ selector: { order_no: o.order_no }, data: { state: "open" } })
    await dropSessionRow(o.order_no)
    const mark = requestMark(sandbox())

    // The gateway's retry of the payment notification, delivered as it sent it.
    const [note] = sandbox()
      .notifications.list()
      .filter((n) => n.notify_type !== "refund" && n.payload[wireName("order_no")] === o.order_no)
    const res = await deliverNotification(api, note.payload)
    expect(res.status).toBe(200)
    const payment = await paymentOf(o.order_id)
    for (
      let i = 0;
      i < 50 &&
      !(await books().listNotifications({ order_no: o.order_no })).some((r) => r.changed?.startsWith("attached"));
      i++
    )
      await sleep(100)
    const rows = await books().listNotifications({ order_no: o.order_no }, { order: { created_at: "ASC" } })
    expect(rows.at(-1)).toMatchObject({
      verdict: "accepted",
      changed: `attached: Medusa payment ${payment.id} holds it`,
    })
    expect((await books().listGatewayOrders({ order_no: o.order_no }))[0].state).toBe("attached")

    // Open once more: reconciliation's follow-up finds the payment too.
    await books().updateGatewayOrders({ selector: { order_no: o.order_no }, data: { state: "open" } })
    expect(await reconcile(o.order_no)).toEqual([])
    expect((await books().listGatewayOrders({ order_no: o.order_no }))[0].state).toBe("attached")
    expect([...requestsSince(sandbox(), "/v1/refund", mark), ...requestsSince(sandbox(), "/v1/cancel", mark)]).toEqual(
      [],
    )
    expect(await atGateway(o.order_no, PROVIDERS.apm)).toEqual({ status: PAYMENT_STATUS.PAID, refunds: 0 })
    expect(await unmatched(o.order_no)).toEqual([])
  })

  it("a card order's session deleted by Medusa's payment module (what the session workflow calls): the provider does not void it, reconciliation attaches it, the admin's capture works", async () => {
    const o = await cardOrder()
    await books().updateGatewayOrders({ selector: { order_no: o.order_no }, data: { state: "open" } })
    const mark = requestMark(sandbox())
    const payment = await paymentOf(o.order_id)
    await getContainer().resolve(Modules.PAYMENT).deletePaymentSession(payment.payment_session_id)
    expect(requestsSince(sandbox(), "/v1/cancel", mark)).toEqual([])
    expect(await reconcile(o.order_no)).toEqual([])
    expect(await atGateway(o.order_no, PROVIDERS.hosted)).toEqual({ status: PAYMENT_STATUS.AUTHORISED, refunds: 0 })
    expect((await books().listGatewayOrders({ order_no: o.order_no }))[0].state).toBe("attached")
    expect((await admin.post(`/admin/payments/${payment.id}/capture`)).status).toBe(200)
    expect(await unmatched(o.order_no)).toEqual([])
  })
})
