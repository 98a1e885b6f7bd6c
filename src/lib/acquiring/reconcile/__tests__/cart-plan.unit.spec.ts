import type { OrderRecord } from "../../../../gateway/schemas/transactions"
import { cartLines, planCart, planSettlements, type CartPlan } from "../cart-plan"
import type { ItemResult } from "../../items/record-item"

const paid = { order_no: "x", payment_status: "1", query_result: "1" } as unknown as OrderRecord
const session = (n: number, cart = true) =>
  ({
    session_id: `ps_${n}`,
    provider_id: "pp_acquiring_acquiring",
    ...(cart ? { cart_id: `cart_${n}` } : {}),
    data: { order_no: `NO${n}`, amount: "9.00" },
  }) as never
const opts = (settle: boolean) => ({ complete: true, status_map: { "1": "authorized" }, settle_unplaceable: settle })

describe("open carts planned as items, then their lines", () => {
  const plan: CartPlan = { sessions_checked: 4, slots: [], items: [] }
  planCart(plan, session(1), paid, opts(true))
  planCart(plan, session(2, false), paid, opts(true))
  planCart(plan, session(3), paid, opts(false))
  planCart(plan, session(4), undefined, opts(true))

  it("a cart to complete and a collection to authorise; an unpaid one makes nothing", () => {
    expect(plan.items).toEqual([
      { kind: "complete_cart", cart_id: "cart_1" },
      { kind: "authorize_collection", session_id: "ps_2", amount: "9.00" },
      { kind: "complete_cart", cart_id: "cart_3" },
    ])
  })

  it("completed and authorised: their lines with the order's id", () => {
    const results: ItemResult[] = [
      { status: "done", order_id: "order_1" },
      { status: "done" },
      { status: "done", order_id: "order_3" },
    ]
    expect(planSettlements(plan, results).items).toEqual([])
    expect(cartLines(plan, results, { items: [], slot_of: [], results: [] }).map((c) => [c.kind, c.order_id])).toEqual([
      ["cart_completed", "order_1"],
      ["collection_authorized", undefined],
      ["cart_completed", "order_3"],
    ])
  })

  it("out of stock past the grace: given back; within it: reported; a transient failure and a failed authorisation reported", () => {
    const stock = "Variant v does not have the required inventory"
    const results: ItemResult[] = [
      { status: "failed", error: stock },
      { status: "failed", error: "gateway down" },
      { status: "failed", error: stock },
    ]
    const settled = planSettlements(plan, results)
    expect(settled).toEqual({
      items: [
        {
          kind: "settle_unplaceable",
          cart_id: "cart_1",
          session_id: "ps_1",
          order_no: "NO1",
          cause: "stock",
          reason: stock,
        },
      ],
      slot_of: [0],
    })
    const lines = cartLines(plan, results, {
      ...settled,
      results: [{ status: "done", unplaceable: { order_no: "NO1", action: "refund", detail: "refunded" } }],
    })
    expect(lines.map((c) => [c.kind, c.detail])).toEqual([
      ["cart_unplaceable_settled", "refunded"],
      ["error", "authorising the session failed: gateway down"],
      ["cart_paid_not_completed", `completing the cart failed: ${stock} (stock; given back after the grace period)`],
    ])
    const held = cartLines(plan, results, { ...settled, results: [{ status: "done", unplaceable: null }] })
    expect(held[0]).toMatchObject({
      kind: "cart_paid_not_completed",
      detail: `stock: ${stock}; a Medusa payment or order holds it`,
    })
  })
})
