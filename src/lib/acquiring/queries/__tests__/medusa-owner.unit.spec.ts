import type { MedusaContainer } from "@medusajs/framework/types"
import type { GraphRow } from "../graph"
import { livePaymentsCarrying, medusaOwnerOf } from "../medusa-owner"

const NO = "payses01KAAAAAAAAAAAAAAAAAAAAAAA"
const SESSION = "payses_01KAAAAAAAAAAAAAAAAAAAAAAA"
const data = (extra: Record<string, unknown> = {}) => ({
  order_no: NO,
  currency: "EUR",
  amount: "32.89",
  variant: "apm",
  ...extra,
})

/** Medusa's query over a few tables: rows filtered by each filter's value (or list of values). */
function medusa(tables: Record<string, GraphRow[]>) {
  const graph = async ({ entity, filters }: { entity: string; filters: Record<string, unknown> }) => ({
    data: (tables[entity] ?? []).filter((row) =>
      Object.entries(filters).every(([k, v]) => (Array.isArray(v) ? v.includes(row[k]) : row[k] === v)),
    ),
  })
  return { resolve: () => ({ graph }) } as unknown as MedusaContainer
}

const ref = { order_no: NO, session_id: SESSION, payment_collection_id: "pay_col_1", cart_id: "cart_1" }

describe("medusaOwnerOf: Medusa's truth about a gateway order whose session is gone", () => {
  it("a live payment of its session owns it, its session row gone or not", async () => {
    const c = medusa({ payment: [{ id: "pay_1", payment_session_id: SESSION, canceled_at: null, data: data() }] })
    expect(await medusaOwnerOf(c, ref)).toEqual({ owner: "payment", payment_id: "pay_1" })
    expect(await livePaymentsCarrying(c, [ref])).toEqual(new Map([[NO, "pay_1"]]))
  })

  it("a payment Medusa canceled owns nothing, unless its authorisation is kept for an order edit", async () => {
    const canceled = { id: "pay_1", payment_session_id: SESSION, canceled_at: new Date(), data: data() }
    expect(await medusaOwnerOf(medusa({ payment: [canceled] }), ref)).toEqual({ owner: "none" })
    const kept = {
      ...canceled,
      data: data({ kept_authorisation: { since: "2026-01-01T00:00:00Z", capture_by: "2026-01-08T00:00:00Z" } }),
    }
    expect(await medusaOwnerOf(medusa({ payment: [kept] }), ref)).toEqual({ owner: "payment", payment_id: "pay_1" })
  })

  it("the payment of the session that adopted a kept authorisation owns it", async () => {
    const released = data({
      kept_authorisation: {
        since: "a",
        capture_by: "b",
        released_at: "c",
        outcome: "adopted",
        adopted_by_session: "payses_2",
      },
    })
    const c = medusa({
      payment: [
        { id: "pay_1", payment_session_id: SESSION, canceled_at: new Date(), data: released },
        { id: "pay_2", payment_session_id: "payses_2", canceled_at: null, data: data({ adopted_from: "pay_1" }) },
      ],
    })
    expect(await medusaOwnerOf(c, ref)).toEqual({ owner: "payment", payment_id: "pay_2" })
  })

  it("a payment carrying another order number does not count", async () => {
    const other = {
      id: "pay_9",
      payment_session_id: SESSION,
      canceled_at: null,
      data: data({ order_no: "payses01KB" }),
    }
    expect(await medusaOwnerOf(medusa({ payment: [other] }), { ...ref, cart_id: null })).toEqual({ owner: "none" })
  })

  it("no payment ever carried it: an order whose collection holds no payment may be paid by it; a paid one is not", async () => {
    const tables = (status: string) => ({
      order_cart: [{ cart_id: "cart_1", order_id: "order_1" }],
      payment_collection: [{ id: "pay_col_1", status }],
    })
    expect(await medusaOwnerOf(medusa(tables("awaiting")), ref)).toEqual({
      owner: "unpaid_order",
      order_id: "order_1",
      cart_id: "cart_1",
    })
    expect(await medusaOwnerOf(medusa(tables("authorized")), ref)).toEqual({ owner: "none" })
    // A cart that never became an order: a replaced session paid on its old page.
    expect(await medusaOwnerOf(medusa({ payment_collection: [{ id: "pay_col_1", status: "not_paid" }] }), ref)).toEqual(
      { owner: "none" },
    )
  })
})
