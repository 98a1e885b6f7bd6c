import { PaymentActions } from "@medusajs/framework/utils"
import { containerOf, handleNotification } from "./helpers/run"
import { fakeLocking, processPaymentRuns as runs, ORDER_NO, SESSION_ID } from "./helpers/fakes"

jest.mock("@medusajs/medusa/core-flows", () => jest.requireActual("./helpers/fakes").fakeCoreFlows())

const REASON = { code: "E0002", text: "Insufficient funds", category: "insufficient_funds" }

/** A verified decline notification (the provider's answer is faked) against a session in the given state. */
function scopeWith(session: Record<string, unknown>, opts: { failUpdate?: boolean; action?: string } = {}) {
  const locks: string[] = []
  const updates: Array<Record<string, unknown>> = []
  const row = {
    id: SESSION_ID,
    provider_id: "pp_acquiring_acquiring",
    amount: 25.39,
    currency_code: "eur",
    payment_collection_id: "pay_col_1",
    data: { order_no: ORDER_NO, amount: "25.39" },
    ...session,
  }
  const query = {
    graph: async ({ entity }: { entity: string }) => ({
      data: entity === "payment_session" ? [row] : entity === "cart_payment_collection" ? [{ cart_id: "cart_1" }] : [],
    }),
  }
  const payment = {
    getWebhookActionAndData: async () => ({
      action: opts.action ?? PaymentActions.FAILED,
      data: { session_id: SESSION_ID, amount: 25.39, decline: REASON },
    }),
    updatePaymentSession: async (u: Record<string, unknown>) => {
      if (opts.failUpdate) throw new Error("database unreachable")
      updates.push(u)
    },
  }
  const locking = fakeLocking(locks)
  const table: Record<string, unknown> = { query, payment, locking, logger: { warn() {}, info() {} } }
  return { scope: containerOf(table) as never, locks, updates }
}

const input = { body: { order_no: ORDER_NO, currency: "EUR" }, headers: {} }

describe("notify route: a declined or cancelled payment keeps the gateway's reason for the storefront", () => {
  beforeEach(() => void (runs.length = 0))

  it("the reason goes into the session's data under the cart's lock (Medusa's completion takes the same key)", async () => {
    const { scope, locks, updates } = scopeWith({ status: "error" })
    expect(await handleNotification(scope, input)).toMatchObject({ status: 200, body: "success" })
    expect(locks).toEqual(["cart_1"])
    expect(updates).toEqual([
      {
        id: SESSION_ID,
        amount: 25.39,
        currency_code: "eur",
        data: { order_no: ORDER_NO, amount: "25.39", decline: REASON },
      },
    ])
    expect(runs).toEqual([]) // nothing for Medusa's payment workflow to do
  })

  it("also before the shopper's return (session still pending), and for a cancel", async () => {
    const pending = scopeWith({ status: "pending" })
    await handleNotification(pending.scope, input)
    expect(pending.updates).toHaveLength(1)
    const cancelled = scopeWith({ status: "canceled" }, { action: PaymentActions.CANCELED })
    await handleNotification(cancelled.scope, input)
    expect(cancelled.updates).toHaveLength(1)
  })

  it("a repeated delivery writes nothing; a session authorized meanwhile is left alone", async () => {
    const again = scopeWith({ status: "error", data: { order_no: ORDER_NO, amount: "25.39", decline: REASON } })
    expect((await handleNotification(again.scope, input)).status).toBe(200)
    expect(again.updates).toEqual([])
    const paid = scopeWith({ status: "authorized" })
    expect((await handleNotification(paid.scope, input)).status).toBe(200)
    expect(paid.updates).toEqual([])
  })

  it("a write that fails answers 503, so the gateway delivers the reason again", async () => {
    const { scope } = scopeWith({ status: "error" }, { failUpdate: true })
    expect(await handleNotification(scope, input)).toMatchObject({ status: 503 })
  })
})
