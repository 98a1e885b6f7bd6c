import { asValue } from "@medusajs/framework/awilix"
import { ContainerRegistrationKeys, createMedusaContainer } from "@medusajs/framework/utils"
import { createStep, createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { PAYMENT_STATUS } from "../../../../gateway/status-codes"
import { ORDER_MARKS } from "../../../../lib/acquiring/order-money"

/** Order order_1's money, gone at the gateway (its one payment voided). */
jest.mock("../../../../lib/acquiring/queries/orders-money", () => ({
  orderMoneyOf: async (_c: unknown, ids: string[]) =>
    ids.map((order_id) => ({
      order_id,
      canceled: false,
      collection_ids: [],
      money: [{ canceled: true, captured: "0.00", refunded: "0.00" }],
      order_nos: ["no_1"],
    })),
}))
/** A canceled order's payment still authorised at the gateway, under `orphans: "report"`. */
jest.mock("../../../../lib/acquiring/queries/payments", () => ({
  ...jest.requireActual("../../../../lib/acquiring/queries/payments"),
  paymentById: async (_c: unknown, id: string) => ({
    id,
    provider_id: "pp_acquiring_acquiring",
    payment_collection_id: "pc_1",
    currency_code: "eur",
    amount: "32.89",
    captured: "0.00",
    refunded: "0.00",
    canceled_at: null,
    data: { order_no: "no_1", currency: "EUR", amount: "32.89" },
  }),
}))
jest.mock("../../../../lib/acquiring/gateways", () => ({
  ...jest.requireActual("../../../../lib/acquiring/gateways"),
  gatewayOfOrder: async () => ({ client: {}, options: { provider: { orphans: "report" } } }),
}))

// After the mocks: the steps import them.
import { flagUnpaidFulfilmentsStep } from "../steps/flag-unpaid-fulfilments"
import { markUnpaidOrdersStep } from "../steps/mark-unpaid-orders"
import { returnCanceledMoneyStep } from "../steps/return-canceled-money"

type Row = {
  id: string
  order_no: string
  settlement: string | null
  settlement_detail: string | null
  settled_at: Date | null
}

/** The books' gateway_order rows as listGatewayOrders and updateGatewayOrders use them. */
function booksWith(row: Row) {
  const rows = new Map([[row.id, { ...row }]])
  const writes: Array<Partial<Row>> = []
  const books = {
    listGatewayOrders: async (filter: { order_no: string }) =>
      [...rows.values()].filter((r) => r.order_no === filter.order_no).map((r) => ({ ...r })),
    updateGatewayOrders: async (u: Partial<Row> & { id: string }) => {
      writes.push(u)
      rows.set(u.id, { ...rows.get(u.id)!, ...u })
    },
  }
  const container = createMedusaContainer()
  container.register("acquiring", asValue(books))
  container.register(ContainerRegistrationKeys.LOGGER, asValue({ info() {}, warn() {}, error() {}, debug() {} }))
  return { container: container as never, writes, row: () => rows.get(row.id)! }
}

/** A step after the marking one that throws, as an event, a lock or a later reconciliation step may. */
const laterStepFails = createStep("test-later-step-fails", async () => {
  throw new Error("a later step failed")
})

const markThenFail = createWorkflow("test-mark-unpaid-then-fail", (input: { applied: never[] }) => {
  const out = markUnpaidOrdersStep(input)
  laterStepFails()
  return new WorkflowResponse(out)
})
const flagThenFail = createWorkflow("test-flag-unpaid-then-fail", (input: { order_ids: string[] }) => {
  const out = flagUnpaidFulfilmentsStep(input)
  laterStepFails()
  return new WorkflowResponse(out)
})
const reportThenFail = createWorkflow("test-report-canceled-then-fail", (input: never) => {
  const out = returnCanceledMoneyStep(input)
  laterStepFails()
  return new WorkflowResponse(out)
})

const unmarked: Row = { id: "go_1", order_no: "no_1", settlement: null, settlement_detail: null, settled_at: null }

/**
 * A mark goes with its event, which a failed run drops; a row left marked is never announced again (the
 * marking steps skip a row already marked), so a later failure puts the row back as it was.
 */
describe("a failed run undoes the order marks it made", () => {
  it("orders left unpaid: the books' row is unmarked again", async () => {
    const { container, writes, row } = booksWith(unmarked)
    const applied = [{ kind: "cancel", order_no: "no_1", order_id: "order_1", detail: "voided in the portal" }]
    const { errors } = await markThenFail(container).run({ input: { applied } as never, throwOnError: false })
    expect(errors[0]?.error?.message).toBe("a later step failed")
    expect(writes[0]).toMatchObject({ id: "go_1", settlement: ORDER_MARKS.unpaid })
    expect(row()).toEqual(unmarked)
  })

  it("fulfilled unpaid: an earlier mark is put back with its detail and time", async () => {
    const before: Row = {
      ...unmarked,
      settlement: ORDER_MARKS.unpaid,
      settlement_detail: "the gateway voided the order's money",
      settled_at: new Date("2030-01-01T00:00:00.000Z"),
    }
    const { container, writes, row } = booksWith(before)
    const { errors } = await flagThenFail(container).run({ input: { order_ids: ["order_1"] }, throwOnError: false })
    expect(errors[0]?.error?.message).toBe("a later step failed")
    expect(writes[0]).toMatchObject({ id: "go_1", settlement_detail: expect.stringMatching(/was fulfilled/) })
    expect(row()).toEqual(before)
  })

  it("canceled order reported, no money moved: the books' row is unmarked again", async () => {
    const { container, writes, row } = booksWith(unmarked)
    const check = { payment_id: "pay_1", order_id: "order_1", payment_status: PAYMENT_STATUS.AUTHORISED, slots: [] }
    const input = { drift: { checks: [check], items: [], errors: [] }, results: [], source: "reconciliation" }
    const { errors } = await reportThenFail(container).run({ input: input as never, throwOnError: false })
    expect(errors[0]?.error?.message).toBe("a later step failed")
    expect(writes[0]).toMatchObject({ id: "go_1", settlement: ORDER_MARKS.canceledHeld })
    expect(row()).toEqual(unmarked)
  })
})
