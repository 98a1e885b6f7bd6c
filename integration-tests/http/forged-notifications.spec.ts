import path from "node:path"
import { freePort } from "../helpers/child-process"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
// The runner's own database URL for a dbName (it has no public entry point).
// eslint-disable-next-line @medusajs/import-from-framework-not-internal
import { getDatabaseURL } from "@medusajs/test-utils/dist/database"
import { asValue } from "@medusajs/framework/awilix"
import type { Event, IEventBusModuleService } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, ModulesSdkUtils, generateJwtToken } from "@medusajs/framework/utils"
import { OPERATION_TABLE } from "../../src/gateway/operations-table"
import {
  NOTIFICATION_SIGN_FIELDS,
  PAYOUT_NOTIFICATION_SIGN_FIELDS,
  inNotificationDialect,
} from "../../src/gateway/schemas/notification"
import { verify } from "../../src/gateway/signing"
import { compactTimestamp } from "../../src/sandbox/clock"
import { useAcquiringEnv } from "./helpers/acquiring-env"
import { acquiringTestRunner } from "./helpers/acquiring-suite"
import { PROVIDERS, type Seed } from "./helpers/acquiring-seed"
import { adminOrder, cartWithShipping, completeCart, DEVICE, startSession } from "./helpers/acquiring-store"
import { payOnHostedPage } from "./helpers/browser"
import { NOTIFICATION_DIALECT, dialectGatewayProfile, ourNames, resignNotification, wireName } from "./helpers/dialect"

jest.setTimeout(300_000)

/**
 * Issue 25, forged notifications: every shopper holds a valid signature, the one on their own hosted
 * page (`signInfo` / `encryption_data` over merchant_id, account_id, order_no, currency, amount,
 * return_url). The notification rule signs the same values joined with nothing between them, so the
 * checkout's row re-split into notification fields (empty transaction_id and order_status with the
 * return_url as order_info; or every value packed into one field) verifies, and the unsigned fields
 * (notify_type, dispute_*, request_id, status) are the forger's to choose. Each forgery below is built
 * from a real hosted page of the test app, as the shopper gets it through the Store API, and sent in
 * this run's notification dialect; it must be refused (4xx), store nothing and emit no event. The
 * genuine dispute sequences next to them (the sandbox's portal, and the gateway reopening a dispute)
 * must keep working, with the status of the gateway's latest date.
 *
 * Payout notifications go to the payout module's hook, which the acquiring test app does not mount:
 * the file runs that app first (checkouts, disputes, and the shopper's page kept for the payout
 * forgeries), then the payout test app (integration-tests/payouts), which uses the same merchant,
 * account and sign key. Run the file whole: the payout tests need the page the first part keeps.
 */

const MERCHANT_ID = "1000001"
const ACCOUNT_ID = "100000101"
/** The test apps' sandbox account key: used only to model the genuine gateway and to check a forgery's premise. */
const SIGN_KEY = "sandbox-key-1"
/** The shopper's own storefront return page: they choose it when they start the payment. */
const RETURN_URL = "http://shop.test/checkout/return"
const JWT_SECRET = "forged-notifications-jwt"
/** What the gateway signs in a checkout (src/gateway/operations-table.ts), as the hosted page carries it. */
const CHECKOUT_ROW = OPERATION_TABLE.checkout.sign
/** The row payout notifications are verified with: the payout's request_id where an order has its order_no. */
const PAYOUT_ROW = PAYOUT_NOTIFICATION_SIGN_FIELDS

const env = useAcquiringEnv({ payout: { processing_ms: 300 } })

/** The signed values of one checkout, as the shopper's browser holds them, and the signature over them. */
type ShopperPage = {
  merchant_id: string
  account_id: string
  order_no: string
  currency: string
  amount: string
  return_url: string
  signature: string
}

/** One forged body: which re-split it is, its fields under our names (the signature not yet in). */
interface Forgery {
  form: string
  fields: Record<string, string>
}

/** The page the first part keeps for the payout forgeries (the payout app has no checkout). */
let payoutForgerPage: ShopperPage | undefined

const packed = (p: ShopperPage) => `${p.order_no}${p.currency}${p.amount}${p.return_url}`

/** The checkout's signed row re-split into the payment notification's signed fields. */
function paymentRowForgeries(p: ShopperPage): Forgery[] {
  const ids = { merchant_id: p.merchant_id, account_id: p.account_id }
  return [
    {
      form: "empty transaction_id and order_status, the return_url as order_info",
      fields: {
        ...ids,
        transaction_id: "",
        order_no: p.order_no,
        currency: p.currency,
        amount: p.amount,
        order_status: "",
        order_info: p.return_url,
      },
    },
    {
      form: "every signed value packed into order_no",
      fields: {
        ...ids,
        transaction_id: "",
        order_no: packed(p),
        currency: "",
        amount: "",
        order_status: "",
        order_info: "",
      },
    },
  ]
}

/**
 * The same row re-split for a payout notification: the two forms above, and the whole row packed into
 * transaction_id or into request_id (the payout row signs request_id where the payment row has order_no).
 * `request_id` names the payout the forger aims at, except where it carries the packed values.
 */
function payoutRowForgeries(p: ShopperPage, request_id: string): Array<Forgery & { row: readonly string[] }> {
  const ids = { merchant_id: p.merchant_id, account_id: p.account_id }
  const empty = { transaction_id: "", order_no: "", currency: "", amount: "", order_status: "", order_info: "" }
  return [
    ...paymentRowForgeries(p).map((f) => ({
      ...f,
      fields: { ...f.fields, request_id },
      row: NOTIFICATION_SIGN_FIELDS,
    })),
    {
      form: "every signed value packed into transaction_id",
      fields: { ...ids, ...empty, transaction_id: packed(p), request_id },
      row: NOTIFICATION_SIGN_FIELDS,
    },
    {
      form: "every signed value packed into request_id",
      fields: { ...ids, ...empty, request_id: packed(p) },
      row: PAYOUT_ROW,
    },
  ]
}

/** A forged body as it travels: this run's field names, the shopper's signature as the notification's. */
const wireBody = (f: Forgery, p: ShopperPage, unsigned: Record<string, string>): Record<string, string> =>
  inNotificationDialect({ ...unsigned, ...f.fields, encryption_data: p.signature }, NOTIFICATION_DIALECT)

/** The premise: each forged body verifies under the row it aims at with the shopper's signature. */
function expectCollisions(forgeries: Array<Forgery & { row?: readonly string[] }>, p: ShopperPage) {
  const misses = forgeries
    .filter((f) => !verify(f.fields, f.row ?? NOTIFICATION_SIGN_FIELDS, SIGN_KEY, p.signature))
    .map((f) => f.form)
  expect(misses).toEqual([])
}

async function postNotification(url: string, body: Record<string, string>) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(body).toString(),
  })
  return { status: res.status, answer: await res.text() }
}

/** The forgeries that were not refused (4xx, not `success`): none may be. */
async function sendForgeries(url: string, bodies: Array<{ form: string; body: Record<string, string> }>) {
  const accepted: Array<{ form: string; status: number; answer: string }> = []
  for (const { form, body } of bodies) {
    const r = await postNotification(url, body)
    if (r.status < 400 || r.status >= 500 || r.answer.trim() === "success") accepted.push({ form, ...r })
  }
  return accepted
}

/** Polls a condition (an event's arrival, a payout's state) instead of sleeping; the assertion after it tells. */
async function waitFor(what: () => boolean | Promise<boolean>, ms = 15_000) {
  for (const end = Date.now() + ms; Date.now() < end;) {
    if (await what()) return
    await new Promise((r) => setTimeout(r, 25))
  }
}

type SeenEvent = { name: string; data: unknown }
/** Every event the app's event bus emits while the spy is on (a `*` subscriber sees internal ones too). */
function spyEvents(bus: IEventBusModuleService, id: string) {
  const seen: SeenEvent[] = []
  const handler = async (e: Event) => void seen.push({ name: e.name, data: e.data })
  bus.subscribe("*", handler, { subscriberId: id })
  return { seen, stop: () => bus.unsubscribe("*", handler, { subscriberId: id }) }
}

/** YYYYMMDDhhmmss (UTC) plus `ms`. */
const laterCompact = (compact: string, ms: number) => {
  const [y, mo, d, h, mi, s] = [0, 4, 6, 8, 10, 12].map((i, k) => Number(compact.slice(i, i + (k ? 2 : 4))))
  return compactTimestamp(Date.UTC(y, mo - 1, d, h, mi, s) + ms)
}

describe("notify hook (the acquiring test app)", () => {
  acquiringTestRunner(({ api, getContainer, seed, admin }) => {
    const notifyUrl = () => `${process.env.ACQ_STORE_URL}/hooks/acquiring/notify`

    /**
     * A shopper's checkout up to the hosted page, through the Store API and the plugin's hosted-page
     * route (as a storefront reloads it), and the signed values it shows them.
     */
    async function shopperPage(s: Seed) {
      const email = `shopper-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@shop.test`
      const cart = await cartWithShipping(api, s, { email })
      const { session } = await startSession(api, s, cart.id, PROVIDERS.hosted, {
        device: DEVICE,
        return_url: RETURN_URL,
      })
      const { data } = await api.get(session.data.hosted_page_path, {
        headers: { ...s.store.headers, "x-acquiring-page-token": session.data.hosted_page_token },
      })
      const form = data.hosted_page.form as { action: string; method: string; fields: Record<string, string> }
      const f = form.fields
      const page: ShopperPage = {
        merchant_id: f.merNo ?? f.merchant_id,
        account_id: f.gatewayNo ?? f.account_id,
        order_no: f.orderNo ?? f.order_no,
        currency: f.orderCurrency ?? f.currency,
        amount: f.orderAmount ?? f.amount,
        return_url: RETURN_URL,
        signature: f.signInfo || f.encryption_data,
      }
      // The premise: the page's signature is the gateway's over these values (the shopper holds a valid one),
      // for the merchant and account the payout app uses too.
      expect([page.merchant_id, page.account_id]).toEqual([MERCHANT_ID, ACCOUNT_ID])
      expect(page.signature).toMatch(/^[0-9a-fA-F]{64}$/)
      expect(verify(page, CHECKOUT_ROW, SIGN_KEY, page.signature)).toBe(true)
      return { cart, session, form, page }
    }

    /** The shopper's checkout paid on the hosted page, completed and captured: a disputable order. */
    async function capturedOrder() {
      const sandbox = env.sandbox()
      const { cart, form, page } = await shopperPage(seed)
      await payOnHostedPage(form, { number: "4111111111111111" })
      const done = await completeCart(api, seed, cart.id)
      expect(done.type).toBe("order")
      const payment = (await adminOrder(api, seed, done.order.id)).payment_collections[0].payments[0]
      expect((await admin.post(`/admin/payments/${payment.id}/capture`)).status).toBe(200)
      expect(await sandbox.notifications.settle(15_000)).toBe(true)
      return { page, order_id: done.order.id as string, payment_id: payment.id as string }
    }

    /** The disputes the order widget shows (GET /admin/acquiring/payments/:order_id), as id and status. */
    async function disputesOf(orderId: string): Promise<Array<{ id: string; status: string }>> {
      const res = await admin.get(`/admin/acquiring/payments/${orderId}`)
      expect(res.status).toBe(200)
      return (res.data.payments[0].disputes as Array<{ id: string; status: string }>).map(({ id, status }) => ({
        id,
        status,
      }))
    }

    /** acquiring.dispute.* events about one payment, in order: name and the dispute's id and status. */
    const disputeEvents = (seen: SeenEvent[], paymentId: string) =>
      seen
        .map((e) => ({
          name: e.name,
          data: e.data as { payment_id?: string; dispute?: { id?: string; status?: string } },
        }))
        .filter((e) => e.name.startsWith("acquiring.dispute.") && e.data?.payment_id === paymentId)
        .map((e) => ({ name: e.name, id: e.data.dispute?.id, status: e.data.dispute?.status }))

    const disputeNotes = (orderNo: string) =>
      env
        .sandbox()
        .notifications.list()
        .filter((n) => n.notify_type === "dispute" && n.payload[wireName("order_no")] === orderNo)

    /** A forged dispute notification about the shopper's order, in both re-splits of their page's row. */
    const forgedDisputes = (p: ShopperPage, dispute: Record<string, string>) => {
      const forgeries = paymentRowForgeries(p)
      expectCollisions(forgeries, p)
      return forgeries.map((f) => ({ form: f.form, body: wireBody(f, p, { notify_type: "dispute", ...dispute }) }))
    }

    /** The gateway ends the dispute lost: its closed event comes after every event of the steps before it. */
    async function closedLostByGateway(o: { page: ShopperPage; order_id: string; payment_id: string }, id: string) {
      const sandbox = env.sandbox()
      sandbox.clock.advance(60_000)
      sandbox.portal.closeDispute(o.page.order_no, "lost", id)
      expect(await sandbox.notifications.settle(15_000)).toBe(true)
      await waitFor(() => disputeEvents(spy!.seen, o.payment_id).some((e) => e.name === "acquiring.dispute.closed"))
      expect(disputeEvents(spy!.seen, o.payment_id)).toEqual([
        { name: "acquiring.dispute.opened", id, status: "opened" },
        { name: "acquiring.dispute.closed", id, status: "lost" },
      ])
      expect(await disputesOf(o.order_id)).toEqual([{ id, status: "lost" }])
    }

    let spy: ReturnType<typeof spyEvents> | undefined
    beforeEach(() => {
      spy = spyEvents(getContainer().resolve(Modules.EVENT_BUS), "forged-notifications-spy")
    })
    afterEach(() => {
      spy?.stop()
      spy = undefined
    })

    // The shopper's page for the payout forgeries (the payout app has no checkout to take one from).
    beforeAll(async () => {
      payoutForgerPage = (await shopperPage(seed)).page
    })

    it("forgery 1: a dispute marked lost with the shopper's own hosted-page signature is refused in both re-splits; no dispute recorded, no dispute event", async () => {
      const sandbox = env.sandbox()
      const o = await capturedOrder()
      const forged = forgedDisputes(o.page, {
        dispute_id: "DFORGED1",
        dispute_status: "lost",
        dispute_reason: "Fraudulent transaction",
        dispute_amount: o.page.amount,
      })
      const accepted = await sendForgeries(notifyUrl(), forged)
      expect({ accepted, disputes: await disputesOf(o.order_id) }).toEqual({ accepted: [], disputes: [] })

      // A genuine dispute afterwards is recorded and announced: the only one, with the only event.
      const view = sandbox.portal.openDispute(o.page.order_no, { reason: "Product not received" })
      const genuine = view.disputes.at(-1)!.dispute_id
      expect(await sandbox.notifications.settle(15_000)).toBe(true)
      await waitFor(() => disputeEvents(spy!.seen, o.payment_id).some((e) => e.id === genuine))
      expect(disputeEvents(spy!.seen, o.payment_id)).toEqual([
        { name: "acquiring.dispute.opened", id: genuine, status: "opened" },
      ])
      expect(await disputesOf(o.order_id)).toEqual([{ id: genuine, status: "opened" }])
    })

    it("forgery 2, a hidden chargeback: a forged won for the dispute id before the gateway's opened arrives is refused; the genuine opened then shows opened with one opened event (the only closed event is the gateway's later lost)", async () => {
      const sandbox = env.sandbox()
      const o = await capturedOrder()
      // The gateway opens the dispute; its notification is lost on the way, so the forger is first.
      sandbox.faults.add({ target: "notifications", kind: "drop", count: 1 })
      const view = sandbox.portal.openDispute(o.page.order_no, { reason: "Fraudulent transaction" })
      const disputeId = view.disputes.at(-1)!.dispute_id
      const [opening] = disputeNotes(o.page.order_no)
      expect(opening.state).toBe("dropped")

      const forged = forgedDisputes(o.page, { dispute_id: disputeId, dispute_status: "won" })
      const accepted = await sendForgeries(notifyUrl(), forged)
      expect({ accepted, disputes: await disputesOf(o.order_id) }).toEqual({ accepted: [], disputes: [] })

      // The gateway's own opened (its retry) arrives: answered success and shown as it is, opened.
      expect(await postNotification(notifyUrl(), opening.payload)).toEqual({ status: 200, answer: "success" })
      await waitFor(() => disputeEvents(spy!.seen, o.payment_id).length > 0)
      expect(await disputesOf(o.order_id)).toEqual([{ id: disputeId, status: "opened" }])
      // The gateway closes it lost: its one closed event is a barrier for any event of what came before.
      await closedLostByGateway(o, disputeId)
    })

    it("genuine opened, a forged won (refused), the gateway's opened again: the dispute stays opened with one opened event (the only closed event is the gateway's later lost)", async () => {
      const sandbox = env.sandbox()
      const o = await capturedOrder()
      const view = sandbox.portal.openDispute(o.page.order_no, { reason: "Fraudulent transaction" })
      const disputeId = view.disputes.at(-1)!.dispute_id
      expect(await sandbox.notifications.settle(15_000)).toBe(true)
      const [opening] = disputeNotes(o.page.order_no)
      expect(opening.attempts.map((a) => a.status)).toEqual([200])
      await waitFor(() => disputeEvents(spy!.seen, o.payment_id).length > 0)
      expect(await disputesOf(o.order_id)).toEqual([{ id: disputeId, status: "opened" }])

      const forged = forgedDisputes(o.page, { dispute_id: disputeId, dispute_status: "won" })
      const accepted = await sendForgeries(notifyUrl(), forged)
      expect({ accepted, disputes: await disputesOf(o.order_id) }).toEqual({
        accepted: [],
        disputes: [{ id: disputeId, status: "opened" }],
      })

      // The gateway delivers its opened again (a retry): success, and the dispute is as the gateway says.
      expect(await postNotification(notifyUrl(), opening.payload)).toEqual({ status: 200, answer: "success" })
      expect(await disputesOf(o.order_id)).toEqual([{ id: disputeId, status: "opened" }])

      // The gateway closes it lost: its one closed event is a barrier for any event of what came before.
      await closedLostByGateway(o, disputeId)
    })

    it("genuine opened, genuine won, then the gateway reopens it (opened, later date): shown opened; events opened, closed, opened", async () => {
      const sandbox = env.sandbox()
      const o = await capturedOrder()
      const view = sandbox.portal.openDispute(o.page.order_no, { reason: "Fraudulent transaction" })
      const disputeId = view.disputes.at(-1)!.dispute_id
      expect(await sandbox.notifications.settle(15_000)).toBe(true)
      await waitFor(() => disputeEvents(spy!.seen, o.payment_id).length >= 1)

      sandbox.clock.advance(60_000) // the outcome a minute later on the gateway's clock
      sandbox.portal.closeDispute(o.page.order_no, "won", disputeId)
      expect(await sandbox.notifications.settle(15_000)).toBe(true)
      await waitFor(() => disputeEvents(spy!.seen, o.payment_id).length >= 2)
      expect(await disputesOf(o.order_id)).toEqual([{ id: disputeId, status: "won" }])
      const closing = disputeNotes(o.page.order_no).at(-1)!
      expect(closing.payload.dispute_status).toBe("won")
      expect(closing.attempts.map((a) => a.status)).toEqual([200])

      // The sandbox cannot reopen a closed dispute: the gateway's reopening is modelled by a notification
      // signed with the account's key (the genuine gateway's) for the same dispute id, a day after the won.
      const won = ourNames(closing.payload)
      const reopened = resignNotification(
        { ...won, dispute_status: "opened", dispute_date: laterCompact(won.dispute_date, 86_400_000) },
        SIGN_KEY,
      )
      expect(await postNotification(notifyUrl(), reopened)).toEqual({ status: 200, answer: "success" })
      await waitFor(() => disputeEvents(spy!.seen, o.payment_id).length >= 3)

      expect(await disputesOf(o.order_id)).toEqual([{ id: disputeId, status: "opened" }])
      expect(disputeEvents(spy!.seen, o.payment_id).map((e) => [e.name, e.id])).toEqual([
        ["acquiring.dispute.opened", disputeId],
        ["acquiring.dispute.closed", disputeId],
        ["acquiring.dispute.opened", disputeId],
      ])
    })
  })
})

describe("payout hook (the payout test app)", () => {
  const dbName = `acq_forged_payouts_${process.pid}_${Date.now().toString(36)}`
  const saved: Record<string, string | undefined> = {}
  const KEYS = [
    "PORT",
    "JWT_SECRET",
    "ACQUIRING_TEST_SANDBOX_URL",
    "ACQUIRING_TEST_PAYOUT_NOTIFY_URL",
    "ACQUIRING_TEST_GATEWAY_PROFILE",
    "ACQUIRING_TEST_INTERNALS",
  ] as const
  // Before the runner's own beforeAll: the payout app reads these when its config loads.
  beforeAll(async () => {
    const sandbox = env.sandbox()
    for (const k of KEYS) saved[k] = process.env[k]
    const port = await freePort()
    process.env.PORT = String(port)
    process.env.JWT_SECRET = JWT_SECRET
    process.env.ACQUIRING_TEST_SANDBOX_URL = sandbox.url
    process.env.ACQUIRING_TEST_PAYOUT_NOTIFY_URL = `http://127.0.0.1:${port}/hooks/acquiring/payout`
    process.env.ACQUIRING_TEST_GATEWAY_PROFILE = JSON.stringify(dialectGatewayProfile(sandbox))
    // test-utils' runner takes the process-wide container's pg connection when one is registered: here the
    // first app's, closed when that app stopped. A new one on this app's database takes its place.
    const { container } = await import("@medusajs/framework")
    const clientUrl = getDatabaseURL(dbName)
    container.register(
      ContainerRegistrationKeys.PG_CONNECTION,
      asValue(ModulesSdkUtils.createPgConnection({ clientUrl, schema: "public" })),
    )
  })
  afterAll(() => {
    for (const k of KEYS) {
      if (saved[k] === undefined) delete process.env[k]
      else process.env[k] = saved[k]
    }
  })

  medusaIntegrationTestRunner({
    dbName,
    medusaConfigFile: path.join(__dirname, "../payouts"),
    env: { JWT_SECRET },
    testSuite: ({ api, getContainer }) => {
      let headers: Record<string, string>
      const hookUrl = () => `${process.env.ACQUIRING_TEST_PAYOUT_NOTIFY_URL}`
      const payoutOf = async (id: string) => (await api.get(`/admin/acquiring/payouts/${id}`, { headers })).data.payout
      const gatewayPayouts = (request_id: string) =>
        env
          .sandbox()
          .inspect.payouts()
          .filter((p) => p.request_id === request_id)
      /** A payout of the shopper page's amount and currency, so the forged signed values agree with it too. */
      const createPayout = async (p: ShopperPage, request_id: string) =>
        (
          await api.post(
            "/admin/acquiring/payouts",
            {
              request_id,
              payment_amount: p.amount,
              payment_currency: p.currency,
              payment_method: "SWIFT",
              reference: "INV-25",
              beneficiary: {
                first_name: "Ada",
                last_name: "Lovelace",
                entity_type: "INDIVIDUAL",
                address: { country_code: "DE", city: "Berlin" },
                bank_details: {
                  iban: "DE89370400440532013000",
                  swift_code: "COBADEFFXXX",
                  bank_name: "Commerzbank",
                  account_currency: "EUR",
                },
              },
            },
            { headers },
          )
        ).data.payout
      const forgedPayouts = (p: ShopperPage, request_id: string, status: string) => {
        const forgeries = payoutRowForgeries(p, request_id)
        expectCollisions(forgeries, p)
        return forgeries.map((f) => ({ form: f.form, body: wireBody(f, p, { notify_type: "payout", status }) }))
      }
      /** What a notification may change of a payout, as the admin shows it. */
      const stateOf = (x: Record<string, unknown>) => ({
        status: x.status,
        gateway_status: x.gateway_status,
        transaction_id: x.transaction_id,
        failure_type: x.failure_type,
        failure_reason: x.failure_reason,
      })
      const payoutEvents = (seen: SeenEvent[]) => seen.filter((e) => /payout/i.test(e.name))
      const page = () => {
        if (!payoutForgerPage) throw new Error("no shopper page: run the whole file (the notify-hook part keeps one)")
        return payoutForgerPage
      }

      beforeEach(async () => {
        // An earlier test's payout may still be settling: its notification must not take this test's fault.
        const sandbox = env.sandbox()
        await waitFor(() => !sandbox.inspect.payouts().some((x) => x.status === "PENDING"), 10_000)
        expect(await sandbox.notifications.settle(10_000)).toBe(true)
        const user = await getContainer()
          .resolve(Modules.USER)
          .createUsers({ email: `admin-${Date.now()}@test.local` })
        const token = generateJwtToken(
          {
            actor_id: user.id,
            actor_type: "user",
            auth_identity_id: "authid_test",
            app_metadata: { user_id: user.id },
          },
          { secret: JWT_SECRET, expiresIn: "1h" },
        )
        headers = { authorization: `Bearer ${token}` }
      })

      it("forgery 3: a forged COMPLETED for a payout the gateway answered 503 for (nothing paid) is refused in every re-split; the payout stays processing, no payout event", async () => {
        const p = page()
        const request_id = "3f1e5c2a-9b7d-4e6f-8a1b-2c3d4e5f6a7b"
        env.sandbox().faults.add({ target: "payout", kind: "error", status: 503, count: 1 })
        const before = await createPayout(p, request_id)
        expect(before).toMatchObject({ status: "processing", failure_type: "outcome_unknown", transaction_id: null })
        expect(gatewayPayouts(request_id)).toHaveLength(0) // the gateway made nothing

        const spy = spyEvents(getContainer().resolve(Modules.EVENT_BUS), "forged-payout-spy")
        try {
          const forged = forgedPayouts(p, request_id, "COMPLETED")
          const accepted = await sendForgeries(hookUrl(), forged)
          // The hook answers after the record's write and its events, so any would be in by now.
          expect({
            accepted,
            payout: stateOf(await payoutOf(before.id)),
            events: payoutEvents(spy.seen).map((e) => e.name),
          }).toEqual({ accepted: [], payout: stateOf(before), events: [] })
          expect(gatewayPayouts(request_id)).toHaveLength(0)

          // The merchant retries with the same request_id: now the gateway pays, and its own
          // notification completes the payout (and the spy sees the record's events).
          expect((await createPayout(p, request_id)).id).toBe(before.id)
          await waitFor(async () => (await payoutOf(before.id)).status === "completed")
          expect(await payoutOf(before.id)).toMatchObject({ status: "completed", gateway_status: "COMPLETED" })
          expect(gatewayPayouts(request_id).map((x) => x.status)).toEqual(["COMPLETED"])
          expect(payoutEvents(spy.seen).length).toBeGreaterThan(0)
        } finally {
          spy.stop()
        }
      })

      it("forgery 3, reversed: a forged FAILED for a payout the gateway paid is refused in every re-split; it stays pending, no payout event, and the gateway's COMPLETED then completes it", async () => {
        const sandbox = env.sandbox()
        const p = page()
        const request_id = "8c7b6a59-4d3e-4f2a-9b1c-0d9e8f7a6b5c"
        // The gateway pays; its COMPLETED notification is lost on the way, so the forger is first.
        sandbox.faults.add({ target: "notifications", kind: "drop", count: 1 })
        const before = await createPayout(p, request_id)
        expect(before.status).toBe("pending")
        await waitFor(() => gatewayPayouts(request_id)[0]?.status === "COMPLETED")
        expect(gatewayPayouts(request_id).map((x) => x.status)).toEqual(["COMPLETED"])
        const genuine = sandbox.notifications
          .list()
          .find((n) => n.notify_type === "payout" && n.payload.request_id === request_id)!
        expect(genuine.state).toBe("dropped")

        const spy = spyEvents(getContainer().resolve(Modules.EVENT_BUS), "forged-payout-spy")
        try {
          const forged = forgedPayouts(p, request_id, "FAILED")
          const accepted = await sendForgeries(hookUrl(), forged)
          expect({
            accepted,
            payout: stateOf(await payoutOf(before.id)),
            events: payoutEvents(spy.seen).map((e) => e.name),
          }).toEqual({ accepted: [], payout: stateOf(before), events: [] })

          // The gateway's own notification (its retry) still completes it, and the spy sees that write.
          expect(await postNotification(hookUrl(), genuine.payload)).toEqual({ status: 200, answer: "success" })
          expect(await payoutOf(before.id)).toMatchObject({ status: "completed", gateway_status: "COMPLETED" })
          expect(payoutEvents(spy.seen).length).toBeGreaterThan(0)
        } finally {
          spy.stop()
        }
      })
    },
  })
})
