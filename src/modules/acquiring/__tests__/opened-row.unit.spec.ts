import { openedRow } from "../lib/opened-row"

const opened = {
  order_no: "ACQ01ABC",
  provider_id: "pp_acquiring_acquiring",
  account_id: "100000101",
  kind: "checkout",
  amount: "32.890",
  currency_code: "EUR",
  session_id: "payses_1",
  payment_collection_id: "pay_col_1",
  cart_id: "cart_1",
}

describe("openedRow (recordOpened's one INSERT)", () => {
  it("writes the amount's raw_ column as Medusa's bigNumber property does: trailing zeros trimmed, precision 20", () => {
    const row = openedRow(opened)
    expect(JSON.parse(row.raw_amount as string)).toEqual({ value: "32.89", precision: 20 })
    expect(row.amount).toBe("32.890")
  })

  it("gives each row a fresh id with the model's prefix and opens it unless told otherwise", () => {
    const a = openedRow(opened)
    const b = openedRow({ ...opened, state: "attached", page_expires_at: new Date(0) })
    expect(a.id).toMatch(/^agord_[0-9A-Z]{26}$/)
    expect(b.id).not.toBe(a.id)
    expect(a.state).toBe("open")
    expect(a.page_expires_at).toBeNull()
    expect(b.state).toBe("attached")
    expect(b.page_expires_at).toEqual(new Date(0))
  })

  it("keeps a whole amount whole", () => {
    expect(JSON.parse(openedRow({ ...opened, amount: "100" }).raw_amount as string).value).toBe("100")
  })
})
