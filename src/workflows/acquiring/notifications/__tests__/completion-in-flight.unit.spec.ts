import { PaymentActions } from "@medusajs/framework/utils"
import { replyFor, type NotifyReply } from "../../../../lib/acquiring/notifications/replies"
import { containerOf, handleNotification } from "./helpers/run"
import { fakeLocking, ORDER_NO, SESSION_ID } from "./helpers/fakes"

/**
 * Medusa's real processPaymentWorkflow behind the notification, over a fake Medusa. The store route's
 * completion creates the order first and authorises the session last, under the cart's lock; a
 * notification reading that order in between (a cart of no managed stock: no stock lock to share) takes
 * the branch that authorises an existing order. Only the cart's lock, which Medusa's workflow takes only
 * when run on its own, makes it wait until the completion has authorised: two first authorisations
 * at once create two payments of one session, and the loser fails ("already exists"; #36).
 */
function scopeWith() {
  const events: string[] = []
  const m = { payments: [] as Array<{ id: string }> }
  const session = {
    id: SESSION_ID,
    provider_id: "pp_acquiring_acquiring",
    amount: 32.89,
    currency_code: "eur",
    payment_collection_id: "pay_col_1",
    status: "pending",
  }
  let orderRead: () => void = () => undefined
  const read = new Promise<void>((resolve) => (orderRead = resolve))
  const query = {
    graph: async ({ entity }: { entity: string }) => {
      if (entity === "order_cart") orderRead()
      const rows: Record<string, unknown[]> = {
        payment_session: [session],
        cart_payment_collection: [{ cart_id: "cart_1" }],
        // The completion in flight has created its order.
        order_cart: [{ id: "order_1", order_id: "order_1" }],
        payment: m.payments,
      }
      return { data: rows[entity] ?? [] }
    },
  }
  const payment = {
    getWebhookActionAndData: async () => ({
      action: PaymentActions.AUTHORIZED,
      data: { session_id: SESSION_ID, amount: 32.89 },
    }),
    // As Medusa's: an authorised session returns its payment; a first authorisation creates one.
    authorizePaymentSession: async (id: string) => {
      events.push(m.payments.length ? "notification: already authorised" : "notification: authorises")
      if (!m.payments.length) m.payments = [{ id: "pay_1" }]
      return m.payments[0]
    },
    retrievePaymentSession: async (id: string) => ({
      id,
      status: m.payments.length ? "authorized" : "pending",
      payment: m.payments[0] ? { ...m.payments[0], captures: [] } : undefined,
    }),
  }
  const locking = fakeLocking()
  const acquiring = { sealSignature: async () => true, listGatewayOrders: async () => [] }
  const logger = { info() {}, warn() {}, error() {}, debug() {} }
  const table: Record<string, unknown> = { query, payment, locking, acquiring, logger }
  /** The store route's completion: holds the cart's lock, authorising after the notification read its order. */
  const completion = async () => {
    await locking.acquire("cart_1")
    await read
    await new Promise((r) => setTimeout(r, 50))
    events.push("completion: authorises")
    m.payments = [{ id: "pay_1" }]
    await locking.release("cart_1")
  }
  return { scope: containerOf(table) as never, events, completion }
}

async function answer(scope: never): Promise<NotifyReply> {
  try {
    return await handleNotification(scope, { body: { order_no: ORDER_NO, currency: "EUR" }, headers: {} })
  } catch (e) {
    return replyFor(e)
  }
}

describe("notify route: a notification while the store route's completion of its cart is in flight", () => {
  it("waits for the cart's lock, so the session is authorised once, by the completion", async () => {
    const { scope, events, completion } = scopeWith()
    const completing = completion()
    const reply = await answer(scope)
    await completing
    expect(events).toEqual(["completion: authorises", "notification: already authorised"])
    expect(reply).toEqual({ status: 200, body: "success", changed: "payment authorized recorded in Medusa" })
  })
})
