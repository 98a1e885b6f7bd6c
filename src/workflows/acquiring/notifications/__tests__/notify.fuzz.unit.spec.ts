import fc from "fast-check"
import { anyJson, caseCounter, watchUnhandledRejections } from "../../../../gateway/__tests__/helpers/fuzz"
import { NOTIFICATION_SIGN_FIELDS } from "../../../../gateway/schemas/notification"
import { sign } from "../../../../gateway/signing"
import { AcquiringHostedService } from "../../../../providers/acquiring"
import { containerOf, handleNotification } from "./helpers/run"
import { fakeLocking, processPaymentRuns as runs, ORDER_NO, PAYMENT_DATA, SESSION_ID } from "./helpers/fakes"

/**
 * The notify route's handling (its notification workflow) with the real
 * provider parsing and verifying, a fake gateway and a fake Medusa: any body and raw body get
 * an answer (never a throw), and Medusa's payment workflow runs only for a correctly signed
 * notification whose amount and currency match both the gateway record and the session; a
 * refund or dispute is recorded on the payment only when correctly signed for this order.
 */
jest.mock("@medusajs/medusa/core-flows", () => jest.requireActual("./helpers/fakes").fakeCoreFlows())
/** Writes of the refund and dispute recording workflows (replaced by this list). */
const mockRecorded: unknown[] = []
jest.mock("../record-refunds", () => ({
  recordNotifiedRefundsWorkflow: jest
    .requireActual("./helpers/fakes")
    .fakeWorkflow("fake-record-notified-refunds", async (input: unknown) => void mockRecorded.push(input)),
}))
jest.mock("../record-dispute", () => ({
  ...jest.requireActual("../record-dispute"),
  recordDisputeWorkflow: jest
    .requireActual("./helpers/fakes")
    .fakeWorkflow("fake-record-dispute", async (input: unknown) => void mockRecorded.push(input)),
}))

const SESSION = {
  id: SESSION_ID,
  provider_id: "pp_acquiring_acquiring",
  amount: 32.89,
  currency_code: "eur",
  payment_collection_id: "pay_col_1",
}
const KEY = "sandbox-key-1"
const counter = caseCounter()

const REFUND = {
  transaction_id: "T1",
  order_no: ORDER_NO,
  amount: "32.89",
  refund_status: "1",
  refund_amount: "1.00",
  currency: "EUR",
  refund_reason: "portal refund",
  refund_reference_id: "T1-01",
}

type GatewayRecord = { amount: string; currency: string; payment_status: string }
/** The gateway's record of the order in the running case (it varies the amount); set before each case. */
let gatewayRecord: GatewayRecord
/** The gateway's record of the order, and one portal refund of it. */
function gatewayFetch() {
  return async (url: string | URL | Request) => {
    const envelope = { merchant_id: "1000001", account_id: "100000101", return_status: "1", return_message: "OK" }
    if (new URL(String(url)).pathname === "/v1/retrievalRefund")
      return new Response(JSON.stringify({ ...envelope, refund_orders: [REFUND] }))
    return new Response(
      JSON.stringify({
        ...envelope,
        orders_list: [
          { order_no: ORDER_NO, transaction_id: "T1", query_result: "1", fraud_check_result: [], ...gatewayRecord },
        ],
      }),
    )
  }
}

function scopeWith(provider: AcquiringHostedService, options: Record<string, unknown>) {
  const payment = {
    getWebhookActionAndData: ({ payload }: { payload: any }) => provider.getWebhookActionAndData(payload),
    // A decline's reason is written on the session (notify/decline.ts).
    updatePaymentSession: async () => ({}),
  }
  // The plugin's books: no dispute known yet (disputes are rows there, workflows/acquiring/books).
  // Every signature is its first delivery's here (binding: notification-inbox.spec.ts).
  // No books row has been settled for it (a cart that could not become an order has one).
  const acquiring = {
    disputesOfPayments: async () => new Map(),
    sealSignature: async () => true,
    listGatewayOrders: async () => [],
  }
  const query = {
    graph: async ({ entity, filters }: { entity: string; filters: Record<string, unknown> }) => ({
      data:
        entity === "payment_session"
          ? filters.id === SESSION.id
            ? [SESSION]
            : []
          : entity === "cart_payment_collection"
            ? [{ cart_id: "cart_1" }]
            : entity === "payment"
              ? [{ id: "pay_1", payment_collection_id: "pay_col_1", data: { ...PAYMENT_DATA }, refunds: [] }]
              : [{ order_id: "order_1" }],
    }),
  }
  const locking = fakeLocking()
  // The refund and dispute paths build their gateway client from the app's config, as in Medusa.
  const configModule = {
    modules: {
      payment: { options: { providers: [{ resolve: "./src/providers/acquiring", id: "acquiring", options }] } },
    },
  }
  const table: Record<string, unknown> = { query, payment, locking, configModule, acquiring }
  return containerOf(table) as never
}

const OPTIONS = {
  merchant_id: "1000001",
  accounts: [{ account_id: "100000101", sign_key: KEY }],
  test_base_url: "http://gateway.invalid",
  store_url: "http://store.invalid",
  query_retries: 0,
  fetch: gatewayFetch(),
}
const providerFor = (options: Record<string, unknown>) =>
  new AcquiringHostedService({ logger: { info() {}, warn() {}, error() {}, debug() {} } as never }, options)

const signable = fc.string({ maxLength: 16 }).map((s) => s.replace(/[&<>"']/g, ""))
const anyFields = fc.record({
  notify_type: fc.constantFrom("payment", "review", "refund", "dispute", "payout", "other"),
  merchant_id: fc.constantFrom("1000001", "1000001", "9999999"),
  account_id: fc.constantFrom("100000101", "100000101", "100000102"),
  transaction_id: fc.constantFrom("T1", "T2", ""),
  order_no: fc.constantFrom(ORDER_NO, ORDER_NO, "payses01JZZZZZZZZZZZZZZZZZZZZZ", "", "ORD1"),
  currency: fc.constantFrom("EUR", "eur", "USD"),
  amount: fc.constantFrom("32.89", "32.89", "32.9", "1.00", "abc", ""),
  order_status: fc.constantFrom("1", "-1", "0"),
  order_info: signable,
})
/** The real notification of the order, with one or two values changed now and then. */
const validFields = fc.record({
  notify_type: fc.constantFrom("payment", "review", "payment", "review", "refund", "dispute"),
  merchant_id: fc.constant("1000001"),
  account_id: fc.constant("100000101"),
  transaction_id: fc.constantFrom("T1", "T1", "T1", "T1", ""),
  order_no: fc.constant(ORDER_NO),
  currency: fc.constantFrom("EUR", "EUR", "EUR", "EUR", "eur"),
  amount: fc.constantFrom("32.89", "32.89", "32.89", "32.89", "32.9"),
  order_status: fc.constant("1"),
  // Signed fields out of their format ("", "eur", "32.9", a free order_info) are refused now and then.
  order_info: fc.oneof({ weight: 4, arbitrary: signable.map((t) => `0000:${t}`) }, { weight: 1, arbitrary: signable }),
})
const fields = fc.oneof(validFields, anyFields)
/** Signed right, signed with another key, unsigned, or garbage in encryption_data. */
const signature = fc.constantFrom("right", "right", "wrong", "none", "garbage")
const record = fc.record({
  amount: fc.constantFrom("32.89", "32.89", "1.00"),
  currency: fc.constantFrom("EUR", "EUR", "USD"),
  payment_status: fc.constantFrom("2000", "3000", "2000", "6000", "1000", "1100", "9999"),
})

describe("notify route under fuzzing", () => {
  const unhandled = watchUnhandledRejections()
  const statuses = new Map<number, number>()
  // One app for every case (its config, provider and gateway client hold no state between deliveries).
  const scope = scopeWith(providerFor(OPTIONS), OPTIONS)

  it("answers every body; the workflow runs only for a verified, matching notification", async () => {
    await fc.assert(
      fc.asyncProperty(
        fields,
        signature,
        record,
        fc.boolean(),
        fc.option(fc.dictionary(fc.string({ maxLength: 8 }), anyJson)),
        async (f, sig, rec, asRaw, junk) => {
          counter.hit()
          const body: Record<string, unknown> = { ...(junk ?? {}), ...f }
          if (sig === "right") body.encryption_data = sign(f, NOTIFICATION_SIGN_FIELDS, KEY)
          if (sig === "wrong") body.encryption_data = sign(f, NOTIFICATION_SIGN_FIELDS, "another-key")
          if (sig === "garbage") body.encryption_data = "zz"
          const rawBody = asRaw
            ? Buffer.from(new URLSearchParams(body as Record<string, string>).toString())
            : undefined
          const before = runs.length
          const recordedBefore = mockRecorded.length
          gatewayRecord = rec
          const reply = await handleNotification(scope, { body, rawBody, headers: {} })
          statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1)
          expect([200, 400, 401, 404, 503]).toContain(reply.status)
          expect(typeof reply.body).toBe("string")
          expect(reply.body).not.toContain(KEY)
          if (runs.length > before) {
            // Medusa acts only on what the gateway itself confirms.
            expect(sig).toBe("right")
            expect(f.merchant_id).toBe("1000001")
            expect(f.account_id).toBe("100000101")
            expect(f.order_no).toBe(ORDER_NO)
            expect(rec).toMatchObject({ amount: "32.89", currency: "EUR" })
            expect(["32.89", "32.9"]).toContain(f.amount)
            expect(["2000", "3000"]).toContain(rec.payment_status)
            expect(reply.status).toBe(200)
          }
          if (mockRecorded.length > recordedBefore) {
            // A refund or dispute is recorded only when the gateway itself signed it for this order.
            expect(["refund", "dispute"]).toContain(f.notify_type)
            expect(sig).toBe("right")
            expect([f.merchant_id, f.account_id, f.order_no]).toEqual(["1000001", "100000101", ORDER_NO])
            if (f.notify_type === "dispute") {
              expect(rec).toMatchObject({ amount: "32.89", currency: "EUR" })
              expect(["32.89", "32.9"]).toContain(f.amount)
            }
            expect(reply.status).toBe(200)
          }
          if (body.notify_type === "refund" || body.notify_type === "dispute") expect(reply.status).not.toBe(503) // the fake gateway is always up
        },
      ),
      { numRuns: 4_000, seed: 31 },
    )
  })

  it("reached the workflow and every refusal kind; no unhandled rejection", () => {
    expect(runs.length).toBeGreaterThan(20)
    expect(mockRecorded.length).toBeGreaterThan(20)
    for (const s of [200, 400, 401, 404]) expect(statuses.get(s)).toBeGreaterThan(0)
    expect(unhandled).toEqual([])
    process.stdout.write(
      `fuzz notify route: ${counter.count} cases, answers ${JSON.stringify(Object.fromEntries(statuses))}\n`,
    )
  })
})
