import { NOTIFICATION_SIGN_FIELDS } from "../../../../gateway/schemas/notification"
import { sign } from "../../../../gateway/signing"
import { containerOf, handleNotification } from "./helpers/run"
import { fakeLocking, ORDER_NO, PAYMENT_DATA, SESSION_ID } from "./helpers/fakes"

/**
 * Refund and dispute notifications through the notify route's handling with the real gateway
 * client (signature, retrievalRefund, retrievalTrans against a fake gateway) and a fake Medusa:
 * a per-key lock that really serialises, a query over one payment, the books' disputes of it, and the
 * two recording workflows replaced by writes to those (the integration test runs the real ones).
 */
const mockMedusa = {
  data: {} as Record<string, unknown>,
  /** The books' disputes of pay_1 (acquiring_dispute rows). */
  disputes: [] as Array<Record<string, any>>,
  writes: [] as Array<Record<string, unknown>>,
  events: [] as Array<{ name: string; data: any }>,
}
jest.mock("../record-refunds", () => ({
  recordNotifiedRefundsWorkflow: jest
    .requireActual("./helpers/fakes")
    .fakeWorkflow("fake-record-notified-refunds", async (input: { data: Record<string, unknown> }) => {
      mockMedusa.data = input.data
      mockMedusa.writes.push(input.data)
    }),
}))
jest.mock("../record-dispute", () => ({
  ...jest.requireActual("../record-dispute"),
  recordDisputeWorkflow: jest
    .requireActual("./helpers/fakes")
    .fakeWorkflow(
      "fake-record-dispute",
      async (input: { dispute: Record<string, any>; opened: unknown[]; closed: unknown[] }) => {
        await new Promise((r) => setTimeout(r, 5)) // a write takes time: concurrent copies must wait for it
        mockMedusa.disputes = [...mockMedusa.disputes.filter((d) => d.id !== input.dispute.id), input.dispute]
        mockMedusa.writes.push(input.dispute)
        for (const data of input.opened) mockMedusa.events.push({ name: "acquiring.dispute.opened", data })
        for (const data of input.closed) mockMedusa.events.push({ name: "acquiring.dispute.closed", data })
      },
    ),
}))

const KEY = "sandbox-key-1"
const SESSION = {
  id: SESSION_ID,
  provider_id: "pp_acquiring_acquiring",
  amount: 32.89,
  currency_code: "eur",
  payment_collection_id: "pay_col_1",
  status: "authorized",
}
const DATA = { ...PAYMENT_DATA, session_id: SESSION.id }

/** The gateway: its order record, its refund records, and whether it answers at all. */
const gateway = {
  down: false,
  /** null: the gateway holds no such order. */
  order: { amount: "32.89", currency: "EUR" } as { amount: string; currency: string } | null,
  refunds: [] as Array<Record<string, string>>,
  calls: [] as string[],
}
const refundRecord = (seq: string, amount: string, reason: string) => ({
  transaction_id: "T1",
  order_no: ORDER_NO,
  amount: "32.89",
  refund_status: "1",
  payment_status: "4000",
  refund_amount: amount,
  refund_reference: "",
  currency: "EUR",
  refund_reason: reason,
  refund_reference_id: `T1-${seq}`,
  refund_date: "20260301100000",
  refund_processing_date: "20260301100000",
})

async function fakeFetch(url: string | URL | Request): Promise<Response> {
  const path = new URL(String(url)).pathname
  gateway.calls.push(path)
  if (gateway.down) throw new TypeError("fetch failed")
  const envelope = { merchant_id: "1000001", account_id: "100000101", return_status: "1", return_message: "OK" }
  if (path === "/v1/retrievalRefund")
    return new Response(JSON.stringify({ ...envelope, refund_orders: gateway.refunds }))
  return new Response(
    JSON.stringify({
      ...envelope,
      orders_list: gateway.order
        ? [
            {
              order_no: ORDER_NO,
              transaction_id: "T1",
              payment_status: "4000",
              query_result: "1",
              fraud_check_result: [],
              ...gateway.order,
            },
          ]
        : [],
    }),
  )
}

const OPTIONS = {
  merchant_id: "1000001",
  accounts: [{ account_id: "100000101", sign_key: KEY }],
  test_base_url: "http://gateway.invalid",
  store_url: "http://store.invalid",
  query_retries: 0,
  fetch: fakeFetch,
}

/** Medusa's view: the session, its payment (absent when `payment` is false), refund rows, a lock per key. */
function scopeWith(opts: { payment?: boolean; refundRows?: string[] } = {}) {
  const locks: string[] = []
  const query = {
    graph: async ({ entity, filters }: { entity: string; filters: Record<string, unknown> }) => {
      if (entity === "payment_session") return { data: filters.id === SESSION.id ? [SESSION] : [] }
      if (entity === "order_payment_collection") return { data: [{ order_id: "order_1" }] }
      if (entity === "payment" && filters.payment_session_id)
        return { data: opts.payment === false ? [] : [{ id: "pay_1", payment_collection_id: "pay_col_1" }] }
      if (entity === "payment")
        return {
          data: [
            {
              id: "pay_1",
              data: structuredClone(mockMedusa.data),
              refunds: (opts.refundRows ?? []).map((id) => ({ id })),
            },
          ],
        }
      return { data: [] }
    },
  }
  const locking = fakeLocking(locks)
  const configModule = {
    modules: {
      payment: {
        options: { providers: [{ resolve: "./src/providers/acquiring", id: "acquiring", options: OPTIONS }] },
      },
    },
  }
  const logger = { info() {}, warn() {}, error() {}, debug() {} }
  const acquiring = {
    disputesOfPayments: async () => new Map([["pay_1", structuredClone(mockMedusa.disputes)]]),
    // Every signature is its first delivery's here (binding: notification-inbox.spec.ts).
    sealSignature: async () => true,
    // No books row has been settled for it (a cart that could not become an order has one).
    listGatewayOrders: async () => [],
  }
  const table: Record<string, unknown> = { query, locking, configModule, logger, acquiring }
  return { scope: containerOf(table) as never, locks }
}

/** A notification as the gateway signs it (the default rule), optionally with another key. */
function note(fields: Record<string, string>, key = KEY) {
  const body: Record<string, string> = {
    merchant_id: "1000001",
    account_id: "100000101",
    transaction_id: "T1",
    order_no: ORDER_NO,
    currency: "EUR",
    amount: "32.89",
    order_status: "1",
    order_info: "V0000:Refund",
    payment_status: "4000",
    ...fields,
  }
  body.encryption_data = sign(body, NOTIFICATION_SIGN_FIELDS, key).toUpperCase()
  return { body, rawBody: Buffer.from(new URLSearchParams(body).toString()), headers: {} }
}
const refundNote = (ref = "T1-01") =>
  note({ notify_type: "refund", refund_reference_id: ref, refund_amount: "10.00", refund_status: "1" })
const disputeNote = (status: string, extra: Record<string, string> = {}) =>
  note({
    notify_type: "dispute",
    dispute_id: "D1",
    dispute_status: status,
    dispute_reason: "Fraudulent transaction",
    dispute_amount: "20.00",
    dispute_deadline: "2030-01-31",
    ...extra,
  })

beforeEach(() => {
  mockMedusa.data = { ...DATA }
  mockMedusa.disputes = []
  mockMedusa.writes = []
  mockMedusa.events = []
  Object.assign(gateway, { down: false, order: { amount: "32.89", currency: "EUR" }, refunds: [], calls: [] })
})

describe("refund notifications", () => {
  it("a refund made through Medusa: success, its gateway record merged under the payment's lock; a second delivery writes nothing", async () => {
    mockMedusa.data.refunds = [
      {
        refund_reference_id: "T1-01",
        refund_amount: "10.00",
        refund_status: "1",
        refund_message: "V0000:OK",
        medusa_refund_id: "ref_A",
      },
    ]
    gateway.refunds = [refundRecord("01", "10.00", "Medusa refund ref_A")]
    const { scope, locks } = scopeWith({ refundRows: ["ref_A"] })
    expect(await handleNotification(scope, refundNote())).toEqual({ status: 200, body: "success" })
    expect(locks).toEqual(["acquiring:payment:pay_1"])
    expect(gateway.calls).toEqual(["/v1/retrievalRefund"])
    expect(mockMedusa.writes).toHaveLength(1)
    expect(mockMedusa.data).toMatchObject({
      ...DATA,
      refunded_amount: "10.00",
      refunds: [
        {
          refund_reference_id: "T1-01",
          refund_amount: "10.00",
          refund_status: "1",
          refund_message: "V0000:OK",
          medusa_refund_id: "ref_A",
          refund_date: "20260301100000",
        },
      ],
    })
    expect(await handleNotification(scope, refundNote())).toEqual({ status: 200, body: "success" })
    expect(mockMedusa.writes).toHaveLength(1)
  })

  it("a refund made in the portal is added to the tracked list without a Medusa id", async () => {
    gateway.refunds = [refundRecord("01", "5.00", "portal refund")]
    const { scope } = scopeWith()
    expect((await handleNotification(scope, refundNote())).status).toBe(200)
    expect(mockMedusa.data.refunds).toEqual([
      { refund_reference_id: "T1-01", refund_amount: "5.00", refund_status: "1", refund_date: "20260301100000" },
    ])
    expect(mockMedusa.data.refunded_amount).toBe("5.00")
  })

  it("waits for Medusa to store its own refund's answer, then merges on top of it", async () => {
    gateway.refunds = [refundRecord("01", "10.00", "Medusa refund ref_A")]
    const { scope } = scopeWith({ refundRows: ["ref_A"] })
    // Medusa's refund route stores the provider's answer a moment after the gateway refunded.
    setTimeout(() => {
      mockMedusa.data = {
        ...DATA,
        refunds: [
          {
            refund_reference_id: "T1-01",
            refund_amount: "10.00",
            refund_status: "1",
            refund_message: "V0000:OK",
            medusa_refund_id: "ref_A",
          },
        ],
        refunded_amount: "10.00",
      }
    }, 300)
    expect((await handleNotification(scope, refundNote())).status).toBe(200)
    expect(mockMedusa.writes).toHaveLength(1)
    expect(mockMedusa.data.refunds).toEqual([
      expect.objectContaining({ refund_message: "V0000:OK", medusa_refund_id: "ref_A", refund_date: "20260301100000" }),
    ])
  })

  it("forged or tampered: 401 before the gateway is asked; nothing written", async () => {
    gateway.refunds = [refundRecord("01", "10.00", "portal refund")]
    const { scope } = scopeWith()
    expect((await handleNotification(scope, note({ notify_type: "refund" }, "another-key"))).status).toBe(401)
    const tampered = refundNote()
    tampered.body.amount = "1.00"
    tampered.rawBody = Buffer.from(new URLSearchParams(tampered.body).toString())
    expect((await handleNotification(scope, tampered)).status).toBe(401)
    expect(gateway.calls).toEqual([])
    expect(mockMedusa.writes).toEqual([])
  })

  it("unknown order → 404; no payment yet → 404; gateway unreachable or refund not listed yet → 503 (the gateway retries); nothing written", async () => {
    expect(
      (
        await handleNotification(scopeWith().scope, {
          ...refundNote(),
          body: { ...refundNote().body, order_no: "payses01JZZZZZZZZZZZZZZZZZZZZZ" },
        })
      ).status,
    ).toBe(404)
    expect(await handleNotification(scopeWith({ payment: false }).scope, refundNote())).toEqual({
      status: 404,
      body: "no Medusa payment for this order yet",
    })
    gateway.down = true
    expect((await handleNotification(scopeWith().scope, refundNote())).status).toBe(503)
    gateway.down = false
    gateway.refunds = [refundRecord("01", "10.00", "portal refund")]
    const notListed = await handleNotification(scopeWith().scope, refundNote("T1-02"))
    expect(notListed.status).toBe(503)
    expect(notListed.body).toMatch(/does not list refund T1-02/)
    expect(mockMedusa.writes).toEqual([])
  })

  it("a payout notification sent here is refused with where it belongs", async () => {
    const reply = await handleNotification(scopeWith().scope, note({ notify_type: "payout", order_no: "" }))
    expect(reply).toEqual({ status: 400, body: expect.stringContaining("/hooks/acquiring/payout") })
  })
})

describe("dispute notifications", () => {
  it("confirms the order with retrievalTrans, records the dispute and emits opened once for concurrent copies; closed once; a late open changes nothing", async () => {
    const { scope, locks } = scopeWith()
    const replies = await Promise.all([1, 2, 3].map(() => handleNotification(scope, disputeNote("opened"))))
    expect(replies).toEqual(Array(3).fill({ status: 200, body: "success" }))
    expect(gateway.calls).toEqual(Array(3).fill("/v1/retrievalTrans"))
    expect(locks).toEqual(Array(3).fill("acquiring:payment:pay_1"))
    expect(mockMedusa.writes).toHaveLength(1)
    expect(mockMedusa.disputes).toEqual([
      {
        id: "D1",
        status: "opened",
        gateway_status: "opened",
        reason: "Fraudulent transaction",
        amount: "20.00",
        deadline: "2030-01-31",
        opened_at: expect.any(String),
        closed_at: null,
        history: [expect.objectContaining({ status: "opened", gateway_status: "opened" })],
      },
    ])
    expect(mockMedusa.data).toEqual(DATA) // the payment's data is not written: disputes live in the books

    await Promise.all([
      handleNotification(scope, disputeNote("lost")),
      handleNotification(scope, disputeNote("lost")),
      handleNotification(scope, disputeNote("opened")),
    ])
    expect(mockMedusa.events.map((e) => [e.name, e.data.order_id, e.data.payment_id, e.data.dispute.status])).toEqual([
      ["acquiring.dispute.opened", "order_1", "pay_1", "opened"],
      ["acquiring.dispute.closed", "order_1", "pay_1", "lost"],
    ])
    expect(mockMedusa.disputes).toEqual([expect.objectContaining({ status: "lost", closed_at: expect.any(String) })])
  })

  it("an order the gateway does not hold → 404; another amount or currency than the gateway's or the payment's → 400; forged → 401; gateway down → 503; nothing recorded", async () => {
    const { scope } = scopeWith()
    gateway.order = null
    expect(await handleNotification(scope, disputeNote("opened"))).toEqual({
      status: 404,
      body: expect.stringContaining("unknown order"),
    })
    gateway.order = { amount: "32.89", currency: "EUR" }
    expect((await handleNotification(scope, disputeNote("opened", { amount: "99.00" }))).status).toBe(400)
    gateway.order = { amount: "32.89", currency: "USD" }
    expect((await handleNotification(scope, disputeNote("opened"))).status).toBe(400)
    // notification and gateway agree, but not with the amount the payment sent
    gateway.order = { amount: "1.00", currency: "EUR" }
    expect(await handleNotification(scope, disputeNote("opened", { amount: "1.00" }))).toEqual({
      status: 400,
      body: expect.stringContaining("differs from the payment (amount/currency)"),
    })
    gateway.order = { amount: "32.89", currency: "EUR" }
    expect(
      (await handleNotification(scope, note({ notify_type: "dispute", dispute_id: "D1" }, "another-key"))).status,
    ).toBe(401)
    gateway.down = true
    expect((await handleNotification(scope, disputeNote("opened"))).status).toBe(503)
    expect(mockMedusa.writes).toEqual([])
    expect(mockMedusa.events).toEqual([])
  })
})
