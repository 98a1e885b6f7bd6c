import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { completeCartWorkflow } from "@medusajs/medusa/core-flows"
import { PAYMENT_STATUS } from "../../src/gateway/status-codes"
import { internals } from "../../src/gateway/internals"
import { until } from "../helpers/until"
import { ACQUIRING_MODULE, type AcquiringModuleService } from "../../src/modules/acquiring"
import { useAcquiringEnv } from "./helpers/acquiring-env"
import { PROVIDERS, SHIPPING_ADDRESS } from "./helpers/acquiring-seed"
import { acquiringTestRunner } from "./helpers/acquiring-suite"
import { cartWithShipping, DEVICE, ordersOfCart, startSession } from "./helpers/acquiring-store"
import { lastUnitProduct } from "./helpers/last-unit"
import { wireName } from "./helpers/dialect"
import { deliverNotification, eventsDuring } from "./helpers/hook-events"

jest.setTimeout(300_000)

/**
 * Issue 34, "Orders and money agree": an order is placed only for what the gateway holds, and a paid
 * cart that can never become an order gets its money back. Before the fix, taxes calculated after the
 * session placed an order above the gateway's amount, and a cart whose last unit another shopper
 * bought kept the money with its notification answered 503 and reconciliation reporting
 * `cart_paid_not_completed` forever. Sent as the shopper would: the Store API with the publishable key.
 */
const env = useAcquiringEnv()
const RETURN_URL = "http://shop.test/checkout/return"
const ACCOUNT_ID = "100000101"
const CARD = "4111111111111111"
const HOSTED = { device: DEVICE, return_url: RETURN_URL }
const APM = { payment_method: "sandbox_wallet", return_url: RETURN_URL }
/** cartWithShipping's cart (two mugs, a tee, shipping, SAVE5) and with 20 % VAT calculated on it. */
const AMOUNT = "32.89"
const WITH_TAX = "39.47"

acquiringTestRunner(({ api, getContainer, seed, admin }) => {
  const sandbox = () => env.sandbox()
  const books = () => getContainer().resolve(ACQUIRING_MODULE) as AcquiringModuleService
  const gatewayStatus = (orderNo: string) => sandbox().inspect.order(orderNo)?.payment_status
  const replies = (orderNo: string) =>
    sandbox()
      .notifications.list()
      .filter((n) => n.notify_type !== "refund" && n.payload[wireName("order_no")] === orderNo)
      .map((n) => n.attempts.map((a) => a.status))
  /** The grace period passed: the payments' sessions started (their books' rows) before it, with no setting changed. */
  const graceElapsed = async (orderNos: string[]) => {
    const knex = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
    const minutes = internals().unplaceable_grace_minutes + 1
    await knex("acquiring_gateway_order")
      .whereIn("order_no", orderNos)
      .update({ created_at: knex.raw(`created_at - interval '${minutes} minutes'`) })
  }
  const booksRow = async (orderNo: string) => {
    const [row] = await books().listGatewayOrders({ order_no: orderNo })
    return row && { state: row.state, settlement: row.settlement }
  }
  const unmatched = async (orderNo: string) =>
    ((await admin.get("/admin/acquiring/unmatched")).data.unmatched as Array<Record<string, unknown>>).find(
      (u) => u.order_no === orderNo,
    )
  const complete = (cartId: string) =>
    api.post(`/store/carts/${cartId}/complete`, {}, seed.store).catch((e: any) => e.response)
  const reconcile = async (orderNo: string) => {
    const res = await admin.post("/admin/acquiring/reconcile", {})
    expect(res.status).toBe(200)
    return (res.data.report.changes as Array<Record<string, unknown>>).filter((c) => c.order_no === orderNo)
  }
  /** The original delivery again, as the gateway's next retry sends it. */
  const redeliver = async (orderNo: string) => {
    const note = sandbox()
      .notifications.list()
      .find((n) => n.notify_type !== "refund" && n.payload[wireName("order_no")] === orderNo)!
    const res = await deliverNotification(api, note.payload)
    return [res.status, res.data]
  }
  /** acquiring.cart.unplaceable events while `run` runs. */
  const unplaceableEvents = async (run: () => Promise<void>) =>
    (await eventsDuring(getContainer(), ["acquiring.cart.unplaceable"], run)).map((e) => e.data)

  /** A region with automatic taxes off and 20 % VAT for Germany: taxes only when the storefront asks. */
  const taxesOnRequest = async () => {
    await api.post(
      "/admin/tax-regions",
      { country_code: "de", provider_id: "tp_system", default_tax_rate: { rate: 20, code: "VAT", name: "VAT" } },
      seed.admin,
    )
    await api.post(`/admin/regions/${seed.region_id}`, { automatic_taxes: false }, seed.admin)
  }
  /** The attack: the session (and the gateway order) at the cart's total, then the taxes raise the total. */
  const taxedAfterSession = async (provider: string, data: Record<string, unknown>) => {
    await taxesOnRequest()
    const cart = await cartWithShipping(api, seed)
    const { session } = await startSession(api, seed, cart.id, provider, data)
    expect(session.data.amount).toBe(AMOUNT)
    const taxed = (await api.post(`/store/carts/${cart.id}/taxes`, {}, seed.store)).data.cart
    expect(taxed.total.toFixed(2)).toBe(WITH_TAX)
    return { cart, orderNo: session.data.order_no as string }
  }
  const orderless = async (cartId: string) => expect(await ordersOfCart(getContainer(), cartId)).toEqual([])

  it("taxes after the session, card: completion refused with 409 and the shopper's words, no order, the authorisation voided", async () => {
    const { cart, orderNo } = await taxedAfterSession(PROVIDERS.hosted, HOSTED)
    // The shopper's return reaches the store before the gateway's notification.
    sandbox().faults.add({ target: "notifications", kind: "delay", delay_ms: 3_000, count: 1 })
    sandbox().shopper.pay(orderNo, { card: CARD })
    const events = await unplaceableEvents(async () => {
      const res = await complete(cart.id)
      expect(res.status).toBe(409)
      expect(res.data).toEqual({
        type: "not_allowed",
        code: "cart_changed_after_payment",
        message: `The cart changed after payment: pay again. The payment holds ${AMOUNT} EUR but the cart's total is now ${WITH_TAX} EUR; the payment was voided.`,
      })
    })
    await orderless(cart.id)
    expect(gatewayStatus(orderNo)).toBe(PAYMENT_STATUS.CANCELLED)
    expect(await booksRow(orderNo)).toEqual({ state: "settled", settlement: "voided" })
    expect(await unmatched(orderNo)).toMatchObject({ amount: AMOUNT, settlement: "voided" })
    expect(events).toEqual([
      expect.objectContaining({ cart_id: cart.id, order_no: orderNo, cause: "cart_changed", action: "void" }),
    ])
    // The late notification is answered 200 (the money is settled), once; completing again is refused again.
    expect(await sandbox().notifications.settle(15_000)).toBe(true)
    expect(replies(orderNo)).toEqual([[200]])
    expect((await complete(cart.id)).status).toBe(409)
    await orderless(cart.id)
  })

  it("taxes after the session, card, Medusa's completion run directly: refused without moving money; its notification gives the payment back", async () => {
    const { cart, orderNo } = await taxedAfterSession(PROVIDERS.hosted, HOSTED)
    sandbox().faults.add({ target: "notifications", kind: "drop", count: 1 })
    sandbox().shopper.pay(orderNo, { card: CARD })
    // A completion outside the store route (custom code, a job): the validate hook refuses and only reads.
    const { errors } = await completeCartWorkflow(getContainer()).run({ input: { id: cart.id }, throwOnError: false })
    expect(errors.map((e) => (e.error as Error).message)).toEqual([
      `The cart changed after payment: pay again. The payment holds ${AMOUNT} EUR but the cart's total is now ${WITH_TAX} EUR.`,
    ])
    await orderless(cart.id)
    expect(gatewayStatus(orderNo)).toBe(PAYMENT_STATUS.AUTHORISED)
    // The gateway's retry of the lost notification: the payment is voided instead of completing the cart.
    const events = await unplaceableEvents(async () => {
      expect(await redeliver(orderNo)).toEqual([200, "success"])
    })
    await orderless(cart.id)
    expect(gatewayStatus(orderNo)).toBe(PAYMENT_STATUS.CANCELLED)
    expect(await booksRow(orderNo)).toEqual({ state: "settled", settlement: "voided" })
    expect(events).toEqual([
      expect.objectContaining({ cart_id: cart.id, order_no: orderNo, cause: "cart_changed", action: "void" }),
    ])
    expect((await complete(cart.id)).data.message).toMatch(/; the payment was given back\.$/)
  })

  it("taxes after the session, a card on a sale account (paid at once): refused with 409, refunded in full", async () => {
    const account = sandbox().merchants[0].accounts.find((x) => x.account_id === ACCOUNT_ID)!
    account.capture_mode = "sale"
    let opened: Awaited<ReturnType<typeof taxedAfterSession>>
    try {
      opened = await taxedAfterSession(PROVIDERS.hosted, HOSTED)
    } finally {
      account.capture_mode = "authorise"
    }
    const { cart, orderNo } = opened
    sandbox().faults.add({ target: "notifications", kind: "delay", delay_ms: 3_000, count: 1 })
    sandbox().shopper.pay(orderNo, { card: CARD })
    const res = await complete(cart.id)
    expect([res.status, res.data.message]).toEqual([409, expect.stringMatching(/payment was refunded in full\.$/)])
    await orderless(cart.id)
    expect(sandbox().inspect.order(orderNo)).toMatchObject({ captured_amount: AMOUNT, refunded_amount: AMOUNT })
    expect(await booksRow(orderNo)).toEqual({ state: "settled", settlement: "refunded" })
    expect(await sandbox().notifications.settle(15_000)).toBe(true)
    expect(replies(orderNo)).toEqual([[200]])
  })

  it("taxes after the session, APM completed by its notification: no order, refunded in full, the notification answered 200", async () => {
    const { cart, orderNo } = await taxedAfterSession(PROVIDERS.apm, APM)
    const events = await unplaceableEvents(async () => {
      sandbox().shopper.apm(orderNo, true)
      expect(await sandbox().notifications.settle(15_000)).toBe(true)
    })
    expect(replies(orderNo)).toEqual([[200]])
    await orderless(cart.id)
    expect(sandbox().inspect.order(orderNo)).toMatchObject({ captured_amount: AMOUNT, refunded_amount: AMOUNT })
    expect(await booksRow(orderNo)).toEqual({ state: "settled", settlement: "refunded" })
    expect(await unmatched(orderNo)).toMatchObject({ amount: AMOUNT, settlement: "refunded" })
    expect(events).toEqual([expect.objectContaining({ order_no: orderNo, cause: "cart_changed", action: "refund" })])
    // The storefront's own completion afterwards: refused, nothing more moves.
    const res = await complete(cart.id)
    expect([res.status, res.data.code]).toEqual([409, "cart_changed_after_payment"])
    await orderless(cart.id)
    expect(sandbox().inspect.order(orderNo)).toMatchObject({ refunded_amount: AMOUNT })
  })

  /** A product with one unit in stock (20 EUR; with shipping, LAMP). */
  const lastUnit = () => lastUnitProduct(api, seed, "LAMP-1", { price: 20 })
  const lampCart = async (variant: string, email: string) => {
    const body = {
      region_id: seed.region_id,
      email,
      items: [{ variant_id: variant, quantity: 1 }],
      shipping_address: SHIPPING_ADDRESS,
    }
    const cart = (await api.post("/store/carts", body, seed.store)).data.cart
    await api.post(`/store/carts/${cart.id}/shipping-methods`, { option_id: seed.shipping_option_id }, seed.store)
    return cart
  }
  const LAMP = "24.90"

  it.each([
    ["card, manual capture", PROVIDERS.hosted, HOSTED, PAYMENT_STATUS.CANCELLED, "voided", "void"],
    ["APM", PROVIDERS.apm, APM, PAYMENT_STATUS.REFUNDED, "refunded", "refund"],
    ["card, automatic capture", PROVIDERS.hostedAutomatic, HOSTED, PAYMENT_STATUS.CANCELLED, "voided", "void"],
  ])(
    "paid (%s), then the last unit sold to another shopper: given back by one reconciliation after the grace period, listed, announced; its notification then 200",
    async (_kind, provider, data, status, settlement, action) => {
      const { variant } = await lastUnit()
      const mine = await lampCart(variant, "ada@shop.test")
      const theirs = await lampCart(variant, "bob@shop.test")
      const { session } = await startSession(api, seed, mine.id, provider, data)
      const orderNo = session.data.order_no as string
      // The other shopper pays and completes first: the last unit is theirs.
      const other = await startSession(api, seed, theirs.id, PROVIDERS.hosted, HOSTED)
      sandbox().shopper.pay(other.session.data.order_no, { card: CARD })
      expect(await sandbox().notifications.settle(15_000)).toBe(true)
      expect(await ordersOfCart(getContainer(), theirs.id)).toHaveLength(1)
      // Then this shopper pays; the notification is lost, and the storefront's completion is refused for stock.
      sandbox().faults.add({ target: "notifications", kind: "drop", count: 1 })
      if (provider === PROVIDERS.apm) sandbox().shopper.apm(orderNo, true)
      else sandbox().shopper.pay(orderNo, { card: CARD })
      const refused = await complete(mine.id)
      expect([refused.status, refused.data.message]).toEqual([400, expect.stringMatching(/^Not enough stock/)])
      await orderless(mine.id)

      // Within the grace period reconciliation only reports it; after it, one run gives the money back.
      expect(await reconcile(orderNo)).toEqual([
        expect.objectContaining({
          kind: "cart_paid_not_completed",
          detail: expect.stringMatching(/Not enough stock.*\(stock; given back after the grace period\)$/),
        }),
      ])
      await graceElapsed([orderNo])
      const events = await unplaceableEvents(async () => {
        expect(await reconcile(orderNo)).toEqual([
          expect.objectContaining({
            kind: "cart_unplaceable_settled",
            detail: expect.stringMatching(new RegExp(`^${settlement} ${LAMP} EUR`)),
          }),
        ])
      })
      expect(await reconcile(orderNo)).toEqual([])
      expect(gatewayStatus(orderNo)).toBe(status)
      await orderless(mine.id)
      expect(await booksRow(orderNo)).toEqual({ state: "settled", settlement })
      expect(await unmatched(orderNo)).toMatchObject({ amount: LAMP, settlement })
      expect(events).toEqual([expect.objectContaining({ cart_id: mine.id, order_no: orderNo, cause: "stock", action })])
      // The gateway's next retry of the notification: answered 200 now, nothing more moves.
      expect(await redeliver(orderNo)).toEqual([200, "success"])
      expect(gatewayStatus(orderNo)).toBe(status)
    },
  )

  /** Reconciliation once the grace period of these payments is over: a paid cart that cannot complete is given back. */
  const reconcileAfterGrace = async (orderNos: string[]) => {
    await graceElapsed(orderNos)
    expect((await admin.post("/admin/acquiring/reconcile", {})).status).toBe(200)
  }
  /** The last unit's level at the store's location: never more reserved than stocked. */
  const stockOf = async (item: string) => {
    const res = await admin.get(`/admin/inventory-items/${item}/location-levels`)
    const level = res.data.inventory_levels.find((l: { location_id: string }) => l.location_id === seed.location_id)
    return { stocked: level.stocked_quantity, reserved: level.reserved_quantity, available: level.available_quantity }
  }
  const engine = () =>
    getContainer().resolve(Modules.WORKFLOW_ENGINE) as {
      listWorkflowExecutions: (f: Record<string, unknown>) => Promise<unknown[]>
    }
  interface Racer {
    provider: string
    data: Record<string, unknown>
    /** Completed by its storefront (else only by its notification). */
    storefront: boolean
  }
  const CARD_RACER = { provider: PROVIDERS.hosted, data: HOSTED, storefront: true }
  const APM_RACER = { provider: PROVIDERS.apm, data: APM, storefront: true }
  /** What the loser's money becomes: a card's authorisation voided, an APM's capture refunded. */
  const givenBack = (provider: string) =>
    provider === PROVIDERS.apm ? PAYMENT_STATUS.REFUNDED : PAYMENT_STATUS.CANCELLED

  /**
   * Two of our carts holding the last unit, both paid, completed at one moment by their storefronts
   * and their notifications (a racer without a storefront by its notification only, the others'
   * notifications racing too). Judged: one order, the loser refused before any order with no
   * workflow left to compensate, its cart answering at once, the stock never below zero, and one
   * reconciliation giving the loser's money back while the winner's stays.
   */
  const raceForTheLastUnit = async (racers: [Racer, Racer]) => {
    const { variant, item } = await lastUnit()
    const carts = await Promise.all(
      racers.map(async (r, i) => {
        const cart = await lampCart(variant, `racer-${i}@shop.test`)
        const { session } = await startSession(api, seed, cart.id, r.provider, r.data)
        return { ...r, cart: cart.id as string, orderNo: session.data.order_no as string }
      }),
    )
    // Held back until both are paid, then sent at the moment the storefronts complete.
    sandbox().faults.add({ target: "notifications", kind: "drop", count: 2 })
    for (const c of carts)
      if (c.provider === PROVIDERS.apm) sandbox().shopper.apm(c.orderNo, true)
      else sandbox().shopper.pay(c.orderNo, { card: CARD })
    const answers = new Map<string, { status: number; data: any }>()
    await Promise.all(
      carts.flatMap((c) => [
        redeliver(c.orderNo),
        ...(c.storefront
          ? [complete(c.cart).then((res: { status: number; data: any }) => answers.set(c.cart, res))]
          : []),
      ]),
    )
    const placed = await Promise.all(carts.map((c) => ordersOfCart(getContainer(), c.cart)))
    expect(placed.map((o) => o.length).sort()).toEqual([0, 1])
    const [won, lost] = placed[0].length ? carts : [carts[1], carts[0]]
    const res = answers.get(won.cart)
    if (res) expect([res.status, res.data.type]).toEqual([200, "order"])
    expect(await engine().listWorkflowExecutions({ state: "waiting_to_compensate" })).toEqual([])
    expect(await stockOf(item)).toEqual({ stocked: 1, reserved: 1, available: 0 })
    // The loser's cart lock is free: completing it again is refused for stock at once, not after Medusa's 30 s lock wait.
    const started = Date.now()
    const again = await complete(lost.cart)
    expect([400, 409]).toContain(again.status)
    expect(again.data.message).toMatch(/^Not enough stock/)
    expect(Date.now() - started).toBeLessThan(20_000)
    await orderless(lost.cart)

    await reconcileAfterGrace(carts.map((c) => c.orderNo))
    expect(gatewayStatus(lost.orderNo)).toBe(givenBack(lost.provider))
    expect(await booksRow(lost.orderNo)).toEqual({
      state: "settled",
      settlement: lost.provider === PROVIDERS.apm ? "refunded" : "voided",
    })
    expect(gatewayStatus(won.orderNo)).toBe(
      won.provider === PROVIDERS.apm ? PAYMENT_STATUS.PAID : PAYMENT_STATUS.AUTHORISED,
    )
    return { won: { ...won, order_id: placed[carts.indexOf(won)][0] }, lost, item }
  }

  it.each([
    ["both storefronts and both notifications (card, APM)", CARD_RACER, APM_RACER],
    [
      "an APM's notification against a card's storefront and notification",
      CARD_RACER,
      { ...APM_RACER, storefront: false },
    ],
  ])(
    "two of our carts holding the last unit complete at one moment, %s: one order, the other refused before any order, given back",
    async (_how, a, b) => {
      await raceForTheLastUnit([a, b])
    },
  )

  it("on_fulfillment capture: two cards race for the last unit; one order, captured when fulfilled, the other voided, the stock never below zero", async () => {
    const racer = { provider: PROVIDERS.hostedOnFulfilment, data: HOSTED, storefront: true }
    const { won, item } = await raceForTheLastUnit([racer, { ...racer }])
    const order = (await admin.get(`/admin/orders/${won.order_id}?fields=*items`)).data.order
    const items = order.items.map((i: { id: string; quantity: number }) => ({ id: i.id, quantity: i.quantity }))
    expect(
      (await admin.post(`/admin/orders/${won.order_id}/fulfillments`, { items, location_id: seed.location_id })).status,
    ).toBe(200)
    await until("the capture on fulfilment", async () => gatewayStatus(won.orderNo) === PAYMENT_STATUS.PAID)
    expect(sandbox().inspect.order(won.orderNo)).toMatchObject({ captured_amount: LAMP })
    expect(await stockOf(item)).toEqual({ stocked: 0, reserved: 0, available: 0 })
  })
})
