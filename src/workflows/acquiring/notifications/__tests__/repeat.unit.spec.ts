import { PaymentActions } from "@medusajs/framework/utils"
import { containerOf, handleNotification } from "./helpers/run"
import { fakeLocking, processPaymentRuns as runs, ORDER_NO, SESSION_ID } from "./helpers/fakes"

jest.mock("@medusajs/medusa/core-flows", () => jest.requireActual("./helpers/fakes").fakeCoreFlows())

/** A verified success notification (the provider's answer is faked) against a session in the given state. */
function scopeWith(session: { status: string } & Record<string, unknown>, orders: string[], gatewayAmount = 32.89) {
  const locks: string[] = []
  const session_ = {
    id: SESSION_ID,
    provider_id: "pp_acquiring_acquiring",
    amount: 32.89,
    currency_code: "eur",
    payment_collection_id: "pay_col_1",
    ...session,
  }
  const query = {
    graph: async ({ entity }: { entity: string }) => ({
      data:
        entity === "payment_session"
          ? [session_]
          : entity === "cart_payment_collection"
            ? [{ cart_id: "cart_1" }]
            : orders.map((order_id) => ({ order_id })),
    }),
  }
  const payment = {
    getWebhookActionAndData: async () => ({
      action: PaymentActions.AUTHORIZED,
      data: { session_id: SESSION_ID, amount: gatewayAmount },
    }),
  }
  const locking = fakeLocking(locks)
  // The books: every signature is its first delivery's, and no cart's payment was given back.
  const acquiring = { sealSignature: async () => true, listGatewayOrders: async () => [] }
  const table: Record<string, unknown> = { query, payment, locking, acquiring }
  return { scope: containerOf(table) as never, locks }
}

const input = { body: { order_no: ORDER_NO, currency: "EUR" }, headers: {} }

describe("notify route: repeated deliveries", () => {
  beforeEach(() => void (runs.length = 0))

  it("a success Medusa already recorded (session authorized, order placed) answers success without a workflow or a lock", async () => {
    const { scope, locks } = scopeWith({ status: "authorized" }, ["order_1"])
    expect(await handleNotification(scope, input)).toEqual({ status: 200, body: "success" })
    expect(runs).toEqual([])
    expect(locks).toEqual([])
  })

  it("an authorized session whose cart has no order yet still runs the workflow under the session's lock", async () => {
    const { scope, locks } = scopeWith({ status: "authorized" }, [])
    expect((await handleNotification(scope, input)).status).toBe(503) // the fake workflow places no order
    expect(runs).toHaveLength(1)
    expect(locks).toEqual([`acquiring:session:${SESSION_ID}`])
  })

  it("a session opened with half_up rounding compares the gateway's amount with the amount it sent (1098.9 JPY sent as 1099)", async () => {
    const rounded = {
      amount: 1098.9,
      currency_code: "jpy",
      data: { amount_rounding: { rule: "half_up", decimals: 0, medusa_amount: "1098.9" } },
    }
    const { scope } = scopeWith({ status: "pending", ...rounded }, ["order_1"], 1099)
    expect(await handleNotification(scope, { ...input, body: { ...input.body, currency: "JPY" } })).toEqual({
      status: 200,
      body: "success",
      changed: "payment authorized recorded in Medusa",
    })
    expect(runs).toHaveLength(1)
    const unrounded = scopeWith({ status: "pending", ...rounded, data: {} }, ["order_1"], 1099)
    expect(
      (await handleNotification(unrounded.scope, { ...input, body: { ...input.body, currency: "JPY" } })).status,
    ).toBe(400)
  })

  it("a held (pending_authorization) session with its order placed still runs the workflow: the review result authorises it", async () => {
    const { scope } = scopeWith({ status: "pending_authorization" }, ["order_1"])
    expect(await handleNotification(scope, input)).toEqual({
      status: 200,
      body: "success",
      changed: "payment authorized recorded in Medusa",
    })
    expect(runs).toHaveLength(1)
  })
})
