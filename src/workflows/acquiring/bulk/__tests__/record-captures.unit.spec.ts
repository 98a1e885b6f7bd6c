import { asValue } from "@medusajs/framework/awilix"
import { ContainerRegistrationKeys, createMedusaContainer, Modules } from "@medusajs/framework/utils"
import { recordCapturesWorkflow } from "../record-captures"
import { ALREADY_CAPTURED, recordCaptures, undoCaptures, type BatchPayments } from "../steps/record-payment-captures"

/** An in-memory payment module: only the batch methods recordCaptures uses. */
function fakePayments() {
  const data = (no: string) => ({
    order_no: `payses01${no}000000000000000000000`,
    currency: "EUR",
    amount: "32.89",
    variant: "hosted",
    transaction_id: `T-${no}`,
    confirmed_capture: { amount: "32.89", source: "medusa" },
  })
  const payments: Record<string, any> = {
    pay_a: {
      id: "pay_a",
      amount: 32.89,
      currency_code: "eur",
      captured_at: null,
      canceled_at: null,
      data: data("A"),
      payment_collection_id: "pc_a",
    },
    pay_b: {
      id: "pay_b",
      amount: 32.89,
      currency_code: "eur",
      captured_at: null,
      canceled_at: null,
      data: data("B"),
      payment_collection_id: "pc_b",
    },
    pay_c: {
      id: "pay_c",
      amount: 32.89,
      currency_code: "eur",
      captured_at: null,
      canceled_at: new Date(),
      data: data("C"),
      payment_collection_id: "pc_c",
    },
    pay_e: {
      id: "pay_e",
      amount: 32.89,
      currency_code: "eur",
      captured_at: null,
      canceled_at: null,
      data: { session_id: "payses_x" },
      payment_collection_id: "pc_e",
    },
    pay_d: {
      id: "pay_d",
      amount: 32.89,
      currency_code: "eur",
      captured_at: null,
      canceled_at: null,
      data: data("D"),
      payment_collection_id: "pc_d",
    },
  }
  const collections: Record<string, any> = Object.fromEntries(
    ["pc_a", "pc_b", "pc_c", "pc_d", "pc_e"].map((id) => [
      id,
      { id, amount: 32.89, status: "authorized", captured_amount: 0, completed_at: null },
    ]),
  )
  let captures: Array<{ id: string; payment_id: string; amount: string }> = [
    { id: "capt_old", payment_id: "pay_d", amount: "32.89" },
  ]
  let n = 0
  const capturesOf = (id: string) => captures.filter((c) => c.payment_id === id)
  const module = {
    listPayments: async (f: { id: string[] }) =>
      f.id.filter((id) => payments[id]).map((id) => ({ ...payments[id], captures: capturesOf(id) })),
    createCaptures: async (rows: Array<{ payment_id: string; amount: string }>) =>
      rows.map((r) => (captures.push({ id: `capt_${++n}`, ...r }), captures.at(-1)!)),
    deleteCaptures: async (ids: string[]) => void (captures = captures.filter((c) => !ids.includes(c.id))),
    updatePayment: async (rows: Array<Record<string, any>>) => rows.forEach((r) => Object.assign(payments[r.id], r)),
    listPaymentCollections: async (f: { id: string[] }) =>
      f.id.map((id) => ({
        ...collections[id],
        payments: Object.values(payments)
          .filter((p) => p.payment_collection_id === id)
          .map((p) => ({ captures: capturesOf(p.id) })),
      })),
    upsertPaymentCollections: async (rows: Array<Record<string, any>>) =>
      rows.forEach((r) => Object.assign(collections[r.id], r)),
  }
  return { module: module as unknown as BatchPayments, payments, collections, captures: () => captures }
}

describe("recording bulk captures in batches", () => {
  it("records a capture per payment with its data and settles the collection; skips canceled, captured and missing ones", async () => {
    const f = fakePayments()
    const entry = (payment_id: string) => ({
      payment_id,
      order_id: `order_${payment_id}`,
      amount: "32.89",
      source: "medusa" as const,
    })
    const { result, undo } = await recordCaptures(
      f.module,
      ["pay_a", "pay_b", "pay_c", "pay_d", "pay_e", "pay_gone"].map(entry),
    )

    expect(result.recorded.map((r) => r.payment_id)).toEqual(["pay_a", "pay_b"])
    expect(result.skipped).toEqual({
      pay_c: "the payment is canceled",
      pay_d: ALREADY_CAPTURED,
      pay_e: "the payment data is not the acquiring provider's",
      pay_gone: "the payment no longer exists",
    })
    const capA = f.captures().find((c) => c.payment_id === "pay_a")!
    expect(result.recorded[0]).toMatchObject({ capture_id: capA.id, currency_code: "eur", order_id: "order_pay_a" })
    expect(f.payments.pay_a.captured_at).toBeInstanceOf(Date)
    expect(f.payments.pay_a.data).toEqual(
      expect.objectContaining({
        payment_status: "3000",
        captures: [{ id: capA.id, amount: "32.89", source: "medusa" }],
      }),
    )
    expect(f.payments.pay_a.data.confirmed_capture).toBeUndefined()
    expect(f.collections.pc_a).toMatchObject({
      status: "completed",
      captured_amount: "32.89",
      completed_at: expect.any(Date),
    })
    expect(f.collections.pc_c.status).toBe("authorized")
    expect(f.captures().filter((c) => c.payment_id === "pay_d")).toHaveLength(1)

    await undoCaptures(f.module, undo!)
    expect(f.captures().map((c) => c.id)).toEqual(["capt_old"])
    expect(f.payments.pay_a).toMatchObject({
      captured_at: null,
      data: expect.objectContaining({ confirmed_capture: { amount: "32.89", source: "medusa" } }),
    })
    expect(f.collections.pc_a).toMatchObject({ status: "authorized", captured_amount: "0.00", completed_at: null })
  })

  it("leaves a collection open while the captures are below its amount", async () => {
    const f = fakePayments()
    f.collections.pc_a.amount = 50
    await recordCaptures(f.module, [{ payment_id: "pay_a", order_id: "order_a", amount: "32.89", source: "gateway" }])
    expect(f.collections.pc_a).toMatchObject({ status: "authorized", captured_amount: "32.89", completed_at: null })
    expect(f.payments.pay_a.data.captures).toEqual([expect.objectContaining({ source: "gateway" })])
  })
})

describe("recordCapturesWorkflow compensation", () => {
  it("a failure after the captures were written (the order transactions) undoes them: no half-recorded batch", async () => {
    const f = fakePayments()
    const container = createMedusaContainer()
    container.register(Modules.PAYMENT, asValue(f.module))
    container.register(
      Modules.ORDER,
      asValue({
        listOrderTransactions: async () => [],
        addOrderTransactions: async () => {
          throw new Error("order module down")
        },
      }),
    )
    container.register(ContainerRegistrationKeys.LOGGER, asValue({ info() {}, warn() {}, error() {}, debug() {} }))
    const captures = ["pay_a", "pay_b"].map((payment_id) => ({
      payment_id,
      order_id: `order_${payment_id}`,
      amount: "32.89",
      source: "medusa" as const,
    }))

    await expect(recordCapturesWorkflow(container).run({ input: { captures } })).rejects.toMatchObject({
      message: "order module down",
    })
    expect(f.captures().map((c) => c.id)).toEqual(["capt_old"])
    expect(f.payments.pay_a.captured_at).toBeNull()
    expect(f.payments.pay_b.data.confirmed_capture).toEqual({ amount: "32.89", source: "medusa" })
    expect(f.collections.pc_a).toMatchObject({ status: "authorized", captured_amount: "0.00", completed_at: null })
  })
})
