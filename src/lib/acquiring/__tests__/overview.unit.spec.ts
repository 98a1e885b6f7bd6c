import { foldOutcomes, methodOf, type OutcomeRow } from "../overview/outcomes"
import { periodOf } from "../overview/period"
import { foldAwaiting, foldMoney } from "../overview/tiles"

const row = (o: Partial<OutcomeRow>): OutcomeRow => ({
  day: "2026-11-20",
  provider_id: "pp_acquiring_acquiring",
  outcome: "approved",
  decline_code: null,
  kind: "checkout",
  payment_method: null,
  currency_code: "eur",
  count: 1,
  amount: "10.00",
  ...o,
})

describe("overview period", () => {
  const now = new Date("2026-11-27T15:00:00Z")
  it("7 days ends today, whole UTC days", () => {
    const p = periodOf({ period: "7d" }, now)
    expect(p.from.toISOString()).toBe("2026-11-21T00:00:00.000Z")
    expect(p.to.toISOString()).toBe("2026-11-28T00:00:00.000Z")
    expect(p.days).toHaveLength(7)
  })
  it("a custom period needs both ends in order", () => {
    expect(() => periodOf({ period: "custom", from: now }, now)).toThrow(/both from and to/)
    expect(() => periodOf({ period: "custom", from: now, to: new Date("2026-11-01") }, now)).toThrow(/not be after/)
    expect(periodOf({ period: "custom", from: new Date("2026-11-01"), to: new Date("2026-11-01") }, now).days).toEqual([
      "2026-11-01",
    ])
  })
})

describe("foldOutcomes", () => {
  it("sums amounts per currency exactly and never across currencies", () => {
    const out = foldOutcomes(
      [
        row({ count: 2, amount: "0.30" }),
        row({ amount: "0.10" }),
        row({ currency_code: "jpy", amount: "1000" }),
        row({ amount: "99999999999999999.99" }),
      ],
      ["2026-11-20"],
    )
    expect(out.volume).toEqual({ count: 5, amounts: { EUR: "100000000000000000.39", JPY: "1000" } })
  })

  it("maps decline codes through the provider's decline_reasons, keeping the codes", () => {
    const out = foldOutcomes(
      [
        row({ outcome: "declined", decline_code: "E0002", count: 3 }),
        row({ outcome: "declined", decline_code: "E0042", count: 2 }),
        row({ outcome: "declined", decline_code: "E0099" }),
        row({ outcome: "declined", decline_code: "E0001" }),
      ],
      ["2026-11-20"],
      () => ({ E0042: "insufficient_funds" }),
    )
    expect(out.declines).toEqual([
      {
        category: "insufficient_funds",
        count: 5,
        codes: [
          { code: "E0002", count: 3 },
          { code: "E0042", count: 2 },
        ],
      },
      { category: "declined", count: 1, codes: [{ code: "E0099", count: 1 }] },
      { category: "refused", count: 1, codes: [{ code: "E0001", count: 1 }] },
    ])
  })

  it("approval rate counts approved over decided, per day with zero days kept", () => {
    const out = foldOutcomes(
      [
        row({ count: 2 }),
        row({ outcome: "declined", decline_code: "E0001" }),
        row({ outcome: "abandoned", count: 5 }),
        row({ outcome: "pending" }),
      ],
      ["2026-11-19", "2026-11-20"],
    )
    expect(out.approval_rate).toBe(66.7)
    expect(out.days[0]).toEqual({
      day: "2026-11-19",
      approved: 0,
      declined: 0,
      abandoned: 0,
      pending: 0,
      approval_rate: null,
    })
    expect(out.days[1]).toMatchObject({ approved: 2, declined: 1, abandoned: 5, pending: 1 })
  })

  it("charts cards as one method and each APM apart", () => {
    const out = foldOutcomes(
      [
        row({ kind: "token" }),
        row({ kind: "checkout", outcome: "declined", decline_code: "E0001" }),
        row({ kind: "authorise", payment_method: "sandbox_wallet", amount: "5.55" }),
      ],
      ["2026-11-20"],
    )
    expect(out.methods).toEqual([
      { method: "card", approved: 1, declined: 1, abandoned: 0, volume: { EUR: "10" } },
      { method: "apm:sandbox_wallet", approved: 1, declined: 0, abandoned: 0, volume: { EUR: "5.55" } },
    ])
    expect(methodOf("authorise", null)).toBe("apm:unknown")
  })
})

describe("tiles", () => {
  it("money tiles keep one amount per currency", () => {
    const t = foldMoney([
      { what: "captured", currency_code: "eur", count: 2, amount: "20.10" },
      { what: "captured", currency_code: "usd", count: 1, amount: "1.00" },
      { what: "refunded", currency_code: "eur", count: 1, amount: "5.05" },
    ])
    expect(t.captured).toEqual({ count: 3, amounts: { EUR: "20.1", USD: "1" } })
    expect(t.refunded.amounts).toEqual({ EUR: "5.05" })
    expect(t.voided).toEqual({ count: 0, amounts: {} })
  })
  it("awaiting capture's deadline is the oldest opening plus the window", () => {
    const a = foldAwaiting(
      [
        { currency_code: "eur", count: 1, amount: "1", oldest: new Date("2026-11-20T10:00:00Z") },
        { currency_code: "usd", count: 2, amount: "3", oldest: new Date("2026-11-18T10:00:00Z") },
      ],
      7,
    )
    expect(a.nearest_deadline).toBe("2026-11-25T10:00:00.000Z")
    expect(a.count).toBe(3)
    expect(foldAwaiting([], 7).nearest_deadline).toBeNull()
  })
})
