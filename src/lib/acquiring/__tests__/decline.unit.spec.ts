import { ORDER_INFO } from "../../../sandbox/codes"
import { TEST_CARDS } from "../../../sandbox/test-cards"
import { DEFAULT_DECLINE_REASONS, declineReasonOf, storedDecline } from "../decline"
import { parseAcquiringOptions } from "../options"
import { mapOrderRecord } from "../status"
import { webhookAction } from "../webhook"

const ORDER_NO = "payses01JABCDEFGHJKMNPQRSTVWXYZ0"

describe("decline reasons: the gateway's order_info code → the category the shopper reads", () => {
  it.each([
    [ORDER_INFO.declined, "refused"],
    [ORDER_INFO.insufficient_funds, "insufficient_funds"],
    [ORDER_INFO.three_ds_failed, "three_ds_failed"],
    [ORDER_INFO.expired_card, "expired"],
    [ORDER_INFO.shopper_cancelled, "canceled"],
    [ORDER_INFO.apm_rejected, "refused"],
    [ORDER_INFO.review_rejected, "refused"],
  ])("the sandbox's %s is %s", (info, category) => {
    expect(declineReasonOf(info)).toMatchObject({ category, known: true, code: info.split(":")[0] })
  })

  it("every sandbox test card that declines gives a code the defaults know (none falls to the generic category)", () => {
    const codes = TEST_CARDS.map((c) => /\((E\d{4})\)/.exec(c.description)?.[1]).filter(Boolean) as string[]
    expect(codes).toEqual(["E0001", "E0003", "E0002", "E0006"])
    for (const code of codes) expect(DEFAULT_DECLINE_REASONS[code]).toBeDefined()
  })

  it("an unknown code is the generic `declined`, marked unknown, with the gateway's code and text kept", () => {
    expect(declineReasonOf("E0999:Do not honour")).toEqual({
      code: "E0999",
      text: "Do not honour",
      category: "declined",
      known: false,
    })
  })

  it("the merchant's decline_reasons override a default and add codes", () => {
    const overrides = { E0001: "insufficient_funds", C0003: "expired" } as const
    expect(declineReasonOf("E0001:Declined", overrides)?.category).toBe("insufficient_funds")
    expect(declineReasonOf("C0003:Card out of date", overrides)).toMatchObject({ category: "expired", known: true })
    expect(declineReasonOf("E0002:Insufficient funds", overrides)?.category).toBe("insufficient_funds")
  })

  it("order_info not of the form <code>:<text> gives no reason", () => {
    expect(declineReasonOf("")).toBeUndefined()
    expect(declineReasonOf("Declined")).toBeUndefined()
    expect(declineReasonOf("e0002:lower-case letter")).toBeUndefined()
  })

  it("the option is checked at boot: codes as the gateway writes them, categories from the list", () => {
    const good = {
      merchant_id: "1000001",
      accounts: [{ account_id: "100000101", sign_key: "k1" }],
      test_base_url: "http://127.0.0.1:1",
      store_url: "https://store.example",
    }
    expect(parseAcquiringOptions({ ...good, decline_reasons: { E0042: "expired" } }).provider.decline_reasons).toEqual({
      E0042: "expired",
    })
    expect(() => parseAcquiringOptions({ ...good, decline_reasons: { E0042: "stolen" } })).toThrow(
      "decline_reasons.E0042",
    )
    expect(() => parseAcquiringOptions({ ...good, decline_reasons: { "Do not honour": "refused" } })).toThrow(
      "decline_reasons",
    )
  })

  it("stored data is read through the schema: a malformed reason is none", () => {
    expect(storedDecline({ decline: { code: "E0002", text: "x", category: "insufficient_funds" } })).toBeDefined()
    expect(storedDecline({ decline: { code: "E0002", text: "x", category: "stolen" } })).toBeUndefined()
    expect(storedDecline(null)).toBeUndefined()
  })
})

/** A verified notification of ORDER_NO and the gateway's record with `payment_status` (the client is faked). */
function notified(orderInfo: string, paymentStatus: string) {
  const lines: Array<[string, string]> = []
  const log = (level: string) => (m: string) => void lines.push([level, m])
  const record = {
    order_no: ORDER_NO,
    amount: "25.39",
    currency: "EUR",
    payment_status: paymentStatus,
    query_result: "0",
    transaction_id: "T1",
  }
  const client = {
    parseNotification: () => ({
      notify_type: "payment",
      order_no: ORDER_NO,
      account_id: "100000101",
      currency: "EUR",
      amount: "25.39",
      transaction_id: "T1",
      order_info: orderInfo,
    }),
    retrieveTransactions: async () => ({ orders_list: [record] }),
  }
  const run = (declineReasons = {}) =>
    webhookAction({ data: {}, rawData: "x", headers: {} } as never, {
      client: client as never,
      logger: { info: log("info"), warn: log("warn"), error: log("error"), debug: log("debug") } as never,
      variant: "hosted",
      mapStatus: (r) => mapOrderRecord(r),
      declineReasons,
    })
  return { run, lines }
}

describe("notification of a declined or cancelled payment", () => {
  it("carries the reason to the route and logs one info line with the order number and reason", async () => {
    const { run, lines } = notified("E0002:Insufficient funds", "6000")
    const result = await run()
    expect(result.action).toBe("failed")
    expect(result.data).toMatchObject({
      decline: { code: "E0002", text: "Insufficient funds", category: "insufficient_funds" },
    })
    expect(lines).toEqual([["info", expect.stringContaining(`order ${ORDER_NO} declined (6000): insufficient_funds`)]])
    expect(lines[0][1]).toContain('E0002 "Insufficient funds"')
  })

  it("the shopper's cancel (5000, E0004) is cancelled, at info", async () => {
    const { run, lines } = notified("E0004:Cancelled by shopper", "5000")
    const result = await run()
    expect(result.action).toBe("canceled")
    expect(result.data).toMatchObject({ decline: { category: "canceled" } })
    expect(lines).toEqual([["info", expect.stringContaining(`order ${ORDER_NO} canceled (5000): canceled`)]])
  })

  it("an unmapped code is declined and the line says how to map it; a cancelled order without a code is cancelled", async () => {
    const unknown = notified("E0999:Do not honour", "6000")
    expect((await unknown.run()).data).toMatchObject({ decline: { code: "E0999", category: "declined" } })
    expect(unknown.lines[0]).toEqual(["info", expect.stringContaining("decline_reasons")])
    const mapped = notified("E0999:Do not honour", "6000")
    expect((await mapped.run({ E0999: "refused" })).data).toMatchObject({ decline: { category: "refused" } })
    const bare = notified("", "5000")
    expect((await bare.run()).data).toMatchObject({ decline: { code: "", category: "canceled" } })
  })

  it("a paid order's notification carries no reason and keeps its confirmation line", async () => {
    const { run, lines } = notified("0000:Approved", "2000")
    const result = await run()
    expect(result.data).not.toHaveProperty("decline")
    expect(lines).toEqual([["info", `acquiring: notification for ${ORDER_NO} confirmed as authorized (2000)`]])
  })
})
