import { GatewayBadResponseError, GatewaySignatureError, type GatewayError } from "../errors"
import { makeClient, reply, sha256 } from "./helpers/fake-gateway"

const fields = {
  notify_type: "payment",
  merchant_id: "1234567",
  account_id: "123456702",
  transaction_id: "T100001",
  order_no: "ORD10001",
  currency: "USD",
  amount: "12.50",
  order_status: "1",
  order_info: "0000:Approved",
}
// merchant_id account_id transaction_id order_no currency amount order_status order_info sign_key
const SIG = sha256(
  "1234567" + "123456702" + "T100001" + "ORD10001" + "USD" + "12.50" + "1" + "0000:Approved" + "UsdKey-Secret2",
)
const formBody = (o: Record<string, string>) => new URLSearchParams(o).toString()
const thrown = (f: () => unknown) => {
  try {
    f()
  } catch (e) {
    return e as GatewayError
  }
  throw new Error("expected a throw")
}

describe("parseNotification", () => {
  const { client } = makeClient(() => reply("unused"))

  it("accepts a form body signed with the named account's key, upper-case hex too", () => {
    const note = client.parseNotification(formBody({ ...fields, encryption_data: SIG }))
    expect(note).toMatchObject({ order_no: "ORD10001", amount: "12.50", order_status: "1", notify_type: "payment" })
    expect(client.parseNotification(formBody({ ...fields, encryption_data: SIG.toUpperCase() })).transaction_id).toBe(
      "T100001",
    )
    expect(client.parseNotification({ ...fields, encryption_data: SIG }).account_id).toBe("123456702")
  })

  it("rejects a tampered amount", () => {
    const err = thrown(() => client.parseNotification(formBody({ ...fields, amount: "1250.00", encryption_data: SIG })))
    expect(err).toBeInstanceOf(GatewaySignatureError)
    expect(err.source).toBe("encryption_data")
  })

  it("rejects an unknown account, another merchant, and a missing signature", () => {
    const unknown = thrown(() =>
      client.parseNotification(formBody({ ...fields, account_id: "999", encryption_data: SIG })),
    )
    expect(unknown).toBeInstanceOf(GatewaySignatureError)
    expect(unknown.source).toBe("account_id")
    expect(
      thrown(() => client.parseNotification({ ...fields, merchant_id: "7654321", encryption_data: SIG })).source,
    ).toBe("merchant_id")
    const missing = thrown(() => client.parseNotification(formBody(fields)))
    expect(missing).toBeInstanceOf(GatewaySignatureError)
    expect(missing.source).toBe("encryption_data")
  })

  it("an unsigned body passes only when require_notification_signature is off", () => {
    const lax = makeClient(() => reply("unused"), { require_notification_signature: false }).client
    expect(lax.parseNotification(formBody(fields)).order_no).toBe("ORD10001")
    expect(() => lax.parseNotification(formBody({ ...fields, encryption_data: sha256("x") }))).toThrow(
      GatewaySignatureError,
    )
  })

  it("follows a configured notification_signature_fields rule", () => {
    const custom = makeClient(() => reply("unused"), { notification_signature_fields: ["order_no", "amount"] }).client
    const sig = sha256("ORD10001" + "12.50" + "UsdKey-Secret2")
    expect(custom.parseNotification({ ...fields, encryption_data: sig }).order_no).toBe("ORD10001")
    expect(() => custom.parseNotification({ ...fields, encryption_data: SIG })).toThrow(GatewaySignatureError)
  })

  it("a malformed body is a bad response naming the field", () => {
    const { merchant_id: _omit, ...rest } = fields
    const err = thrown(() => client.parseNotification(formBody({ ...rest, encryption_data: SIG })))
    expect(err).toBeInstanceOf(GatewayBadResponseError)
    expect(err.source).toBe("merchant_id")
  })
})

describe("accounts()", () => {
  it("lists account ids and currencies, never keys", () => {
    const { client } = makeClient(() => reply("unused"))
    const list = client.accounts()
    expect(list).toEqual([
      { account_id: "123456701", currencies: ["EUR"] },
      { account_id: "123456702", currencies: ["USD", "GBP"] },
      { account_id: "123456703" },
    ])
    expect(JSON.stringify(list)).not.toMatch(/Secret/)
  })
})
