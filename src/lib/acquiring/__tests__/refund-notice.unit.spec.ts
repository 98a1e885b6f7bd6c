import type { GatewayClient } from "../../../gateway/client-types"
import type { RefundRecord } from "../../../gateway/schemas/transactions"
import type { TrackedRefund } from "../refunds"
import { medusaRefundIdOf } from "../refunds"
import { confirmRefunds, RefundNotListedError, refundsAfterNotice, refundsInFlight } from "../refund-notice"

const record = (seq: string, extra: Partial<RefundRecord> = {}): RefundRecord => ({
  transaction_id: "T1",
  order_no: "ORDER1",
  amount: "32.89",
  refund_status: "1",
  refund_amount: "10.00",
  refund_reference: "",
  currency: "EUR",
  refund_reason: "portal refund",
  refund_reference_id: `T1-${seq}`,
  refund_date: "20260301100000",
  ...extra,
})
const rows = new Set(["ref_A"])

describe("refunds after a refund notification", () => {
  it("reads the Medusa refund id from the marker the provider sends as refund_reason", () => {
    expect(medusaRefundIdOf("Medusa refund ref_A")).toBe("ref_A")
    expect(medusaRefundIdOf("[medusa bulk k1] Medusa refund")).toBeUndefined()
    expect(medusaRefundIdOf(undefined)).toBeUndefined()
  })

  it("adds a portal refund without a Medusa id, updates a tracked one's status and date, and is a fixed point", () => {
    const known: TrackedRefund[] = [
      {
        refund_reference_id: "T1-01",
        refund_amount: "10.00",
        refund_status: "2",
        refund_message: "V0000:OK",
        medusa_refund_id: "ref_A",
      },
    ]
    const records = [record("01", { refund_reason: "Medusa refund ref_A" }), record("02", { refund_amount: "5.00" })]
    const next = refundsAfterNotice(known, records, rows)
    expect(next).toEqual([
      {
        refund_reference_id: "T1-01",
        refund_amount: "10.00",
        refund_status: "1",
        refund_message: "V0000:OK",
        medusa_refund_id: "ref_A",
        refund_date: "20260301100000",
      },
      { refund_reference_id: "T1-02", refund_amount: "5.00", refund_status: "1", refund_date: "20260301100000" },
    ])
    expect(refundsAfterNotice(next, records, rows)).toEqual(next)
  })

  it("attaches a marked refund to the payment's refund row before Medusa stored it, never to a row the payment lacks", () => {
    const records = [
      record("01", { refund_reason: "Medusa refund ref_A" }),
      record("02", { refund_reason: "Medusa refund ref_GONE" }),
    ]
    expect(refundsInFlight([], records, rows)).toEqual(["ref_A"])
    const next = refundsAfterNotice([], records, rows)
    expect(next.map((r) => r.medusa_refund_id)).toEqual(["ref_A", undefined])
    expect(refundsInFlight(next, records, rows)).toEqual([])
  })

  it("confirms with retrievalRefund by order_no on the payment's account; a refund the gateway does not list is not confirmed", async () => {
    const calls: unknown[] = []
    const client = {
      retrieveRefunds: async (sel: unknown, opts: unknown) => {
        calls.push([sel, opts])
        return { refund_orders: [record("01"), record("01", { order_no: "OTHER" })], responses: [], requests: 1 }
      },
    } as unknown as GatewayClient
    const d = { order_no: "ORDER1", account_id: "100000101", currency: "EUR" }
    expect(await confirmRefunds(client, d, "T1-01")).toEqual([record("01")])
    expect(calls[0]).toEqual([{ orders: ["ORDER1"] }, { account_id: "100000101" }])
    await expect(confirmRefunds(client, d, "T1-02")).rejects.toBeInstanceOf(RefundNotListedError)
    await expect(confirmRefunds(client, { ...d, order_no: "NONE1" })).rejects.toBeInstanceOf(RefundNotListedError)
  })
})
