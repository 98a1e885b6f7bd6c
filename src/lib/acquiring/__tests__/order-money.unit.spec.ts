import { PAYMENT_STATUS } from "../../../gateway/status-codes"
import { canceledOrderAction, holdsMoney, moneyGone } from "../order-money"

const live = { canceled: false, captured: "0.00", refunded: "0.00" }

describe("canceledOrderAction: what a canceled order's payment needs", () => {
  it("refunds the captured rest in full, whatever the gateway's code", () => {
    expect(canceledOrderAction({ ...live, captured: "32.89" }, PAYMENT_STATUS.PAID)).toEqual({
      kind: "refund",
      amount: "32.89",
    })
    expect(
      canceledOrderAction({ ...live, captured: "32.89", refunded: "10.00" }, PAYMENT_STATUS.PARTIALLY_REFUNDED),
    ).toEqual({
      kind: "refund",
      amount: "22.89",
    })
  })

  it("voids a live authorisation or review hold", () => {
    expect(canceledOrderAction(live, PAYMENT_STATUS.AUTHORISED)).toEqual({ kind: "void" })
    expect(canceledOrderAction(live, PAYMENT_STATUS.REVIEW)).toEqual({ kind: "void" })
  })

  it("leaves what holds nothing: canceled, refunded in full, voided, waiting, or captured at the gateway but not yet in Medusa", () => {
    expect(canceledOrderAction({ ...live, canceled: true }, PAYMENT_STATUS.AUTHORISED)).toEqual({ kind: "none" })
    expect(canceledOrderAction({ ...live, captured: "32.89", refunded: "32.89" }, PAYMENT_STATUS.REFUNDED)).toEqual({
      kind: "none",
    })
    expect(canceledOrderAction(live, PAYMENT_STATUS.CANCELLED)).toEqual({ kind: "none" })
    expect(canceledOrderAction(live, PAYMENT_STATUS.WAITING_SHOPPER)).toEqual({ kind: "none" })
    expect(canceledOrderAction(live, undefined)).toEqual({ kind: "none" })
    // Never a void on a captured order: its capture is recorded first, then refunded.
    expect(canceledOrderAction(live, PAYMENT_STATUS.PAID)).toEqual({ kind: "none" })
  })

  it("keeps every cent (no float arithmetic)", () => {
    expect(
      canceledOrderAction({ ...live, captured: "0.30", refunded: "0.10" }, PAYMENT_STATUS.PARTIALLY_REFUNDED),
    ).toEqual({
      kind: "refund",
      amount: "0.20",
    })
  })
})

describe("moneyGone: a live order with no money left", () => {
  it("is true when every payment is canceled or refunded in full", () => {
    expect(moneyGone([{ ...live, canceled: true }])).toBe(true)
    expect(
      moneyGone([
        { ...live, captured: "5.00", refunded: "5.00" },
        { ...live, canceled: true },
      ]),
    ).toBe(true)
  })

  it("is false while one payment holds money (authorised, or a captured rest), or with no payment at all", () => {
    expect(moneyGone([{ ...live, canceled: true }, live])).toBe(false)
    expect(moneyGone([{ ...live, captured: "5.00", refunded: "4.99" }])).toBe(false)
    expect(moneyGone([])).toBe(false)
    expect(holdsMoney(live)).toBe(true)
  })
})
