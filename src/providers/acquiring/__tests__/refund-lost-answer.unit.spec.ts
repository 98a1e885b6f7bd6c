import type { GatewayClient } from "../../../gateway/client-types"
import { GatewayApiError, GatewayRequestError, GatewayTimeoutError, type GatewayError } from "../../../gateway/errors"
import { refund } from "../../../lib/acquiring/operations"
import type { AcquiringData } from "../../../lib/acquiring/payment-data"

/**
 * A refund whose answer is lost (the gateway refunded, then 5xx/timeout) must be recognised
 * in the same call, or Medusa reports a failure and the admin's retry refunds twice
 * (found by the fault soak, integration-tests/http/reliability.spec.ts).
 */
const data: AcquiringData = {
  order_no: "payses01ABC",
  currency: "EUR",
  amount: "32.89",
  variant: "hosted",
  account_id: "100000101",
  transaction_id: "T1",
}

function gateway(error: GatewayError, listed: Array<{ refund_reason: string; refund_reference_id: string }>) {
  const sent: string[] = []
  const client = {
    refund: async (req: any) => {
      sent.push(req.refund_orders[0].refund_reason)
      return { results: [], responses: [], failed: [{ orders: req.refund_orders, error }], requests: 1 }
    },
    retrieveRefunds: async () => ({
      refund_orders: listed.map((r) => ({
        transaction_id: "T1",
        order_no: "payses01ABC",
        amount: "32.89",
        refund_amount: "10.00",
        refund_status: "1",
        currency: "EUR",
        payment_status: "4000",
        refund_reference: "",
        refund_date: "20261121090000",
        ...r,
      })),
      responses: [],
      requests: 1,
    }),
  } as unknown as GatewayClient
  return { client, sent }
}

describe("refund with a lost answer", () => {
  it("adopts the gateway's refund carrying this Medusa refund's marker, once", async () => {
    const g = gateway(new GatewayApiError("503", { status: 503, code: "HTTP_503" }), [
      { refund_reason: "Medusa refund ref_1", refund_reference_id: "T1-01" },
    ])
    const out = await refund(g.client, data, "10.00", "ref_1")
    expect(out.refunds).toEqual([
      expect.objectContaining({ refund_reference_id: "T1-01", medusa_refund_id: "ref_1", refund_amount: "10.00" }),
    ])
    expect(out.refunded_amount).toBe("10.00")
    // Medusa replays the same refund: a no-op, nothing sent.
    expect(await refund(g.client, out, "10.00", "ref_1")).toBe(out)
    expect(g.sent).toEqual(["Medusa refund ref_1"])
  })

  it("a timeout with no such refund at the gateway still fails (the refund did not happen)", async () => {
    const g = gateway(new GatewayTimeoutError("t"), [
      { refund_reason: "Medusa refund ref_other", refund_reference_id: "T1-01" },
    ])
    await expect(refund(g.client, data, "10.00", "ref_1")).rejects.toThrow(/gateway timeout/)
  })

  it("a refusal (4xx) is never second-guessed, and a refund already tracked is not adopted twice", async () => {
    const refused = gateway(new GatewayRequestError("bad"), [
      { refund_reason: "Medusa refund ref_1", refund_reference_id: "T1-01" },
    ])
    await expect(refund(refused.client, data, "10.00", "ref_1")).rejects.toThrow()
    const tracked = {
      ...data,
      refunds: [
        { refund_reference_id: "T1-01", refund_amount: "10.00", refund_status: "1", medusa_refund_id: "ref_0" },
      ],
    }
    const g = gateway(new GatewayApiError("502", { status: 502 }), [
      { refund_reason: "Medusa refund ref_1", refund_reference_id: "T1-01" },
    ])
    await expect(refund(g.client, tracked, "10.00", "ref_1")).rejects.toThrow()
  })
})
