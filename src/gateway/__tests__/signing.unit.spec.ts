import { createHash } from "node:crypto"
import { sign, signaturesEqual, verify } from "../signing"
import { OPERATION_TABLE } from "../operations-table"

// Vectors computed independently: sha256 over the literal concatenation written out by hand.
const hex = (s: string) => createHash("sha256").update(s).digest("hex")

describe("signing", () => {
  it("signs refund with every transaction id in array order and the key last", () => {
    const payload = {
      merchant_id: "1234567",
      account_id: "123456701",
      refund_orders: [{ transaction_id: "T1" }, { transaction_id: "T2" }],
    }
    expect(sign(payload, OPERATION_TABLE.refund.sign, "Key")).toBe(hex("1234567123456701T1T2Key"))
  })

  it("strips spaces from values and refuses characters the gateway cannot sign", () => {
    const p = {
      merchant_id: "1 2",
      account_id: "9",
      order_no: "A1",
      currency: "USD",
      amount: "1.00",
      return_url: "https://x/ y",
    }
    expect(sign(p, OPERATION_TABLE.checkout.sign, "k")).toBe(hex("129A1USD1.00https://x/yk"))
    expect(() => sign({ ...p, return_url: "https://x/?a=1&b=2" }, OPERATION_TABLE.checkout.sign, "k")).toThrow(
      /return_url/,
    )
  })

  it("compares case-insensitively and rejects malformed signatures", () => {
    const s = hex("abc")
    expect(signaturesEqual(s, s.toUpperCase())).toBe(true)
    expect(signaturesEqual(s, s.slice(0, 63) + (s[63] === "0" ? "1" : "0"))).toBe(false)
    expect(signaturesEqual(s, "nothex")).toBe(false)
    expect(verify({ merchant_id: "m", account_id: "a" }, ["merchant_id", "account_id"], "k", hex("mak"))).toBe(true)
  })
})
