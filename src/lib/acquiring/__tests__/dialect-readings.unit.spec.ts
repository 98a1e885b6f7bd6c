import { MedusaError } from "@medusajs/framework/utils"
import { makeClient, reply, type Wire } from "../../../gateway/__tests__/helpers/fake-gateway"
import { GatewayPartialCaptureRefusedError } from "../../../gateway/errors"
import { entryCode, partialCaptureRefusal } from "../../../gateway/error-map"
import { latestRecords, lookupOrder } from "../gateway-state"
import { capture } from "../operations"
import type { AcquiringData } from "../payment-data"
import { mapOrderRecord } from "../status"

/**
 * The plugin reads both dialects of what the interface leaves "not shown" (issue #17): an unknown
 * order left out of retrievalTrans or answered as an entry with query_result 2, and a partial capture
 * the gateway refuses. Real client, fake wire.
 */
const KEY = Buffer.from("unit-test-seal-key-0123456789abcdef")
const data: AcquiringData = {
  order_no: "ORD10001",
  currency: "EUR",
  amount: "32.89",
  variant: "hosted",
  account_id: "123456701",
}
const envelope = { merchant_id: "1234567", account_id: "123456701", return_status: "1", return_message: "OK" }
const known = (over: Record<string, unknown> = {}) => ({
  order_no: "ORD10001",
  amount: "32.89",
  currency: "EUR",
  query_result: "-1",
  payment_status: "2000",
  transaction_id: "T100001",
  ...over,
})
const route = (answers: Record<string, (w: Wire) => object>) => (w: Wire) => {
  const op = new URL(w.url).pathname.split("/").pop()!
  return reply(answers[op](w), 200, "application/json")
}

describe("unknown orders in retrievalTrans, either dialect", () => {
  // The engine's legacy answer: an entry that says only "not found", with none of a record's fields.
  const unknownEntry = { order_no: "ORD10001", query_result: "2" }

  it("an entry with query_result 2 and no other field does not fail the answer; it is reduced to what it says", async () => {
    const { client } = makeClient(route({ retrievalTrans: () => ({ ...envelope, orders_list: [unknownEntry] }) }))
    const { orders_list } = await client.retrieveTransactions({ orders: ["ORD10001"] })
    expect(orders_list).toEqual([
      expect.objectContaining({ order_no: "ORD10001", query_result: "2", amount: "", currency: "" }),
    ])
    expect(orders_list[0].payment_status).toBeUndefined()
  })

  it("lookupOrder reads absent and a query_result 2 entry the same: no record", async () => {
    const answers = [
      { ...envelope, orders_list: [] },
      { ...envelope, orders_list: [unknownEntry] },
      // a stray payment_status on a not-found entry is still not a status of the order
      { ...envelope, orders_list: [{ ...unknownEntry, payment_status: "3000", amount: "32.89", currency: "EUR" }] },
    ]
    for (const answer of answers) {
      const { client } = makeClient(route({ retrievalTrans: () => answer }))
      await expect(lookupOrder(client, data)).resolves.toBeUndefined()
    }
  })

  it("a known order beside an unknown one is still read; other failed query codes still fail", async () => {
    const { client } = makeClient(
      route({
        retrievalTrans: () => ({ ...envelope, orders_list: [{ order_no: "ORD10002", query_result: "2" }, known()] }),
      }),
    )
    const { orders_list } = await client.retrieveTransactions({ orders: ["ORD10002", "ORD10001"] })
    expect([...latestRecords(orders_list).keys()]).toEqual(["ORD10001"])
    const denied = makeClient(route({ retrievalTrans: () => ({ ...envelope, return_status: "6", orders_list: [] }) }))
    await expect(lookupOrder(denied.client, data)).rejects.toMatchObject({ kind: "signature", code: "6" })
  })

  it("mapOrderRecord: query_result 2 is no record (pending, code none), never a status", () => {
    expect(mapOrderRecord({ query_result: "2" })).toEqual({ status: "pending", code: "none", known: true })
    expect(mapOrderRecord({ query_result: "2", payment_status: "2000" })).toEqual({
      status: "pending",
      code: "none",
      known: true,
    })
    expect(mapOrderRecord({ query_result: "1" }).status).toBe("authorized")
  })
})

describe("a partial capture the gateway refuses", () => {
  const gateway = (captureEntry: (order: Record<string, unknown>) => object) => {
    const sent: string[] = []
    const { client } = makeClient(
      route({
        retrievalTrans: () => ({ ...envelope, orders_list: [known()] }),
        capture: (w) => {
          const order = JSON.parse(w.body).capture_orders[0]
          sent.push(order.amount)
          return { ...envelope, capture_orders: [{ ...order, ...captureEntry(order) }] }
        },
      }),
    )
    return { client, sent }
  }
  const refuseBelowFull = (code: string) => (order: Record<string, unknown>) =>
    order.amount === "32.89"
      ? { capture_status: "1", error_message: "" }
      : { capture_status: "0", error_message: `${code}:Partial capture is not supported` }

  it.each(["A0007", "A0011"])(
    "%s on a partial capture: an admin error naming the full amount and the way out",
    async (code) => {
      const { client, sent } = gateway(refuseBelowFull(code))
      const err = await capture(client, data, { id: "capt_1", source: "medusa", amount: "20.00" }, KEY).catch((e) => e)
      expect(err).toBeInstanceOf(MedusaError)
      expect(err.type).toBe(MedusaError.Types.NOT_ALLOWED)
      expect(err.message).toContain(`refused to capture 20.00 of the 32.89 EUR authorised (${code}: Partial capture`)
      expect(err.message).toContain("Capture the full 32.89 EUR, or cancel the payment and have the customer authorise")
      expect(sent).toEqual(["20.00"])
    },
  )

  it("the full amount is captured on the same gateway", async () => {
    const { client, sent } = gateway(refuseBelowFull("A0007"))
    const out = await capture(client, data, { id: "capt_1", source: "medusa" }, KEY)
    expect(out.captures).toEqual([{ id: "capt_1", amount: "32.89", source: "medusa" }])
    expect(sent).toEqual(["32.89"])
  })

  it("other refusals keep their own message: A0009 (time limit) on a partial, A0007 on a full capture", async () => {
    const late = gateway(() => ({ capture_status: "0", error_message: "A0009:Capture time limit passed" }))
    await expect(capture(late.client, data, { id: "c", source: "medusa", amount: "20.00" }, KEY)).rejects.toThrow(
      "The gateway refused the capture: A0009:Capture time limit passed",
    )
    const whole = gateway(() => ({ capture_status: "0", error_message: "A0007:Not a pre-authorised order" }))
    await expect(capture(whole.client, data, { id: "c", source: "medusa" }, KEY)).rejects.toThrow(
      "The gateway refused the capture: A0007:Not a pre-authorised order",
    )
  })

  it("a whole capture request refused {code: A0007} on a partial amount reads the same", async () => {
    const { client } = makeClient((w) =>
      w.url.endsWith("/retrievalTrans")
        ? reply({ ...envelope, orders_list: [known()] }, 200, "application/json")
        : reply({ code: "A0007", source: "capture_orders[0].amount", message: "partial capture" }, 400),
    )
    await expect(capture(client, data, { id: "c", source: "medusa", amount: "1.00" }, KEY)).rejects.toThrow(
      /refused to capture 1\.00 of the 32\.89 EUR authorised \(A0007: .*Capture the full 32\.89 EUR/s,
    )
  })
})

describe("error-map: the typed kind", () => {
  it("entryCode splits <code>:<text>; a bare text has no code", () => {
    expect(entryCode("A0011:Partial capture refused")).toEqual({ code: "A0011", text: "Partial capture refused" })
    expect(entryCode("refused")).toEqual({ code: "", text: "refused" })
  })
  it("partial_capture_refused for the A000x family except A0009; null otherwise", () => {
    const amounts = { amount: "5.00", authorised: "10.00", currency: "USD" }
    const err = partialCaptureRefusal({ code: "A0007", text: "x" }, amounts)
    expect(err).toBeInstanceOf(GatewayPartialCaptureRefusedError)
    expect(err).toMatchObject({ kind: "partial_capture_refused", code: "A0007", operation: "capture" })
    expect(partialCaptureRefusal({ code: "A0009", text: "x" }, amounts)).toBeNull()
    expect(partialCaptureRefusal({ code: "I0053", text: "x" }, amounts)).toBeNull()
    expect(partialCaptureRefusal({ code: "", text: "refused" }, amounts)).toBeNull()
  })
})
