import { asValue } from "awilix"
import { createMedusaContainer } from "@medusajs/framework/utils"
import { recordGatewayRefundWorkflow } from "../record-refund"

/**
 * The payment module as the claim step and its compensation use it (retrievePayment, updatePayment),
 * and a Query that cannot find the payment, so Medusa's refundPaymentWorkflow fails at its first step.
 */
function container(data: Record<string, unknown>) {
  const store = { data: structuredClone(data) }
  const writes: unknown[] = []
  const payment = {
    retrievePayment: async (id: string) => ({ id, data: structuredClone(store.data) }),
    updatePayment: async (u: { id: string; data: Record<string, unknown> }) => {
      writes.push(structuredClone(u.data))
      store.data = structuredClone(u.data)
      return u
    },
  }
  const failingQuery = {
    graph: async () => {
      throw new Error("payment pay_1 was not found")
    },
  }
  const c = createMedusaContainer()
  c.register({
    payment: asValue(payment),
    query: asValue(failingQuery),
    remoteQuery: asValue(async () => {
      throw new Error("payment pay_1 was not found")
    }),
    logger: asValue({ info: jest.fn(), warn: jest.fn(), error: jest.fn(), debug: jest.fn() }),
  })
  return { c: c as never, store, writes }
}

const portalRefund = {
  refund_reference_id: "R1",
  refund_amount: "5.00",
  refund_status: "2",
}

describe("recording a gateway refund (reconciliation)", () => {
  it("claims the gateway refund, and withdraws the claim when Medusa's refund fails", async () => {
    const { c, store, writes } = container({
      order_no: "X",
      refunds: [portalRefund, { ...portalRefund, refund_reference_id: "R0", medusa_refund_id: "ref_0" }],
    })
    await expect(
      recordGatewayRefundWorkflow(c).run({ input: { payment_id: "pay_1", refund_reference_id: "R1", amount: "5.00" } }),
    ).rejects.toMatchObject({ message: expect.stringMatching(/not found/) })
    // First the claim, then (compensation) its withdrawal: no claim is left for an unrelated refund to consume.
    expect(writes).toHaveLength(2)
    expect((writes[0] as any).refunds.find((r: any) => r.refund_reference_id === "R1").claim).toBe(true)
    expect(store.data.refunds).toEqual([
      portalRefund,
      { ...portalRefund, refund_reference_id: "R0", medusa_refund_id: "ref_0" },
    ])
  })

  it("a claim it did not set (already there) is left alone", async () => {
    const { c, store, writes } = container({ order_no: "X", refunds: [{ ...portalRefund, claim: true }] })
    await expect(
      recordGatewayRefundWorkflow(c).run({ input: { payment_id: "pay_1", refund_reference_id: "R1", amount: "5.00" } }),
    ).rejects.toMatchObject({ message: expect.any(String) })
    expect(writes).toHaveLength(0)
    expect(store.data.refunds).toEqual([{ ...portalRefund, claim: true }])
  })
})
