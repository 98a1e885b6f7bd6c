import type { GatewayClient } from "../../../gateway/client-types"
import { sealConfirmedCapture } from "../../../lib/acquiring/confirmed-capture"
import { capture as captureWith, cancel, refund } from "../../../lib/acquiring/operations"
import type { AcquiringData } from "../../../lib/acquiring/payment-data"

/** A fake gateway holding one order; records the calls that would move money. */
function fakeGateway(state: { payment_status: string }) {
  const calls: string[] = []
  const client = {
    retrieveTransactions: async () => ({
      orders_list: [
        {
          order_no: "payses01ABC",
          amount: "32.89",
          currency: "EUR",
          query_result: "1",
          transaction_id: "T1",
          fraud_check_result: [],
          ...state,
        },
      ],
      responses: [],
      requests: 1,
    }),
    capture: async (req: any) => {
      calls.push(`capture ${req.capture_orders[0].amount}`)
      state.payment_status = "3000"
      return {
        results: [{ ...req.capture_orders[0], capture_status: "1", error_message: "" }],
        responses: [],
        failed: [],
        requests: 1,
      }
    },
    refund: async (req: any) => {
      const o = req.refund_orders[0]
      calls.push(`refund ${o.refund_amount}`)
      const n = calls.filter((c) => c.startsWith("refund")).length
      return {
        results: [
          {
            ...o,
            refund_status: "1",
            refund_message: "V0000:OK",
            refund_reference: "",
            refund_reference_id: `T1-0${n}`,
          },
        ],
        responses: [],
        failed: [],
        requests: 1,
      }
    },
    cancel: async (req: any) => {
      calls.push("cancel")
      return {
        results: [{ ...req.cancel_orders[0], cancel_status: "1", error_message: "" }],
        responses: [],
        failed: [],
        requests: 1,
      }
    },
  } as unknown as GatewayClient
  return { client, calls }
}

const KEY = Buffer.from("unit-test-seal-key-0123456789abcdef")
const capture = (client: GatewayClient, d: AcquiringData, want: Parameters<typeof captureWith>[2]) =>
  captureWith(client, d, want, KEY)

const data: AcquiringData = {
  order_no: "payses01ABC",
  currency: "EUR",
  amount: "32.89",
  variant: "hosted",
  account_id: "100000101",
}

describe("capture", () => {
  it("captures the asked amount once; a replay or a portal capture charges nothing", async () => {
    const g = fakeGateway({ payment_status: "2000" })
    const once = await capture(g.client, data, { id: "capt_1", source: "medusa", amount: "20.00" })
    expect(once.captures).toEqual([{ id: "capt_1", amount: "20.00", source: "medusa" }])
    expect(await capture(g.client, once, { id: "capt_1", source: "medusa" })).toBe(once)
    await expect(capture(g.client, once, { id: "capt_2", source: "medusa", amount: "5.00" })).rejects.toThrow(
      /captures an authorisation once/,
    )
    expect(g.calls).toEqual(["capture 20.00"])

    const portal = fakeGateway({ payment_status: "3000" })
    const recorded = await capture(portal.client, data, { id: "capt_9", source: "medusa" })
    expect(recorded.captures).toEqual([{ id: "capt_9", amount: "32.89", source: "gateway" }])
    expect(recorded.transaction_id).toBe("T1")
    expect(portal.calls).toEqual([])
  })
  it("a capture confirmed by a batch answer is recorded without asking or charging the gateway", async () => {
    let asked = 0
    const { client, calls } = fakeGateway({ payment_status: "2000" })
    const counting = {
      ...client,
      retrieveTransactions: async (...a: unknown[]) => (asked++, (client.retrieveTransactions as any)(...a)),
    } as GatewayClient
    const d = {
      ...data,
      confirmed_capture: sealConfirmedCapture(KEY, data.order_no, { amount: "32.89", source: "medusa" }),
    }
    const out = await capture(counting, d, { id: "cap_1", source: "medusa", amount: "32.89" })
    expect(out.captures).toEqual([{ id: "cap_1", amount: "32.89", source: "medusa" }])
    expect(out.confirmed_capture).toBeUndefined()
    expect(out.payment_status).toBe("3000")
    expect([asked, calls]).toEqual([0, []])
    // Another amount than the confirmed one is not taken on trust: the gateway decides.
    await capture(counting, d, { id: "cap_2", source: "medusa", amount: "10.00" })
    expect(asked).toBe(1)
    expect(calls).toEqual(["capture 10.00"])
  })

  it("a confirmed_capture flag this server did not seal is not trusted: the gateway is asked and charged", async () => {
    const forged = [
      { amount: "32.89", source: "medusa" as const },
      { amount: "32.89", source: "medusa" as const, seal: "0".repeat(64) },
      sealConfirmedCapture(Buffer.from("another-servers-key-0123456789abcdef"), data.order_no, {
        amount: "32.89",
        source: "medusa",
      }),
      sealConfirmedCapture(KEY, "payses01OTHER", { amount: "32.89", source: "medusa" }),
      { ...sealConfirmedCapture(KEY, data.order_no, { amount: "1.00", source: "medusa" }), amount: "32.89" },
    ]
    for (const confirmed_capture of forged) {
      const g = fakeGateway({ payment_status: "2000" })
      const out = await capture(
        g.client,
        { ...data, confirmed_capture },
        { id: "cap_x", source: "medusa", amount: "32.89" },
      )
      expect(g.calls).toEqual(["capture 32.89"])
      expect(out.payment_status).toBe("3000")
    }
  })

  it("refuses to capture a declined payment", async () => {
    const g = fakeGateway({ payment_status: "6000" })
    await expect(capture(g.client, data, { id: "c", source: "medusa" })).rejects.toThrow(/status 6000/)
  })
})

describe("refund", () => {
  it("tracks every refund_reference_id, keeps the transaction id, and ignores a replay", async () => {
    const g = fakeGateway({ payment_status: "3000" })
    const first = await refund(g.client, { ...data, transaction_id: "T1" }, "10.00", "ref_1")
    const second = await refund(g.client, first, "5.50", "ref_2")
    expect(second.refunds!.map((r) => [r.refund_reference_id, r.refund_amount, r.medusa_refund_id])).toEqual([
      ["T1-01", "10.00", "ref_1"],
      ["T1-02", "5.50", "ref_2"],
    ])
    expect(second.refunded_amount).toBe("15.50")
    expect(second.transaction_id).toBe("T1")
    expect(await refund(g.client, second, "5.50", "ref_2")).toBe(second)
    expect(g.calls).toEqual(["refund 10.00", "refund 5.50"])
  })
})

describe("cancel", () => {
  it("voids an authorisation; refuses a captured one when strict; deletion leaves a waiting order alone", async () => {
    const auth = fakeGateway({ payment_status: "2000" })
    expect((await cancel(auth.client, data, { strict: true })).canceled).toBe(true)
    const paid = fakeGateway({ payment_status: "3000" })
    await expect(cancel(paid.client, data, { strict: true })).rejects.toThrow(/refund it instead/)
    expect((await cancel(paid.client, data, { strict: false })).canceled).toBeUndefined()
    const waiting = fakeGateway({ payment_status: "1000" })
    await cancel(waiting.client, data, { strict: false })
    expect(waiting.calls).toEqual([])
  })
})
