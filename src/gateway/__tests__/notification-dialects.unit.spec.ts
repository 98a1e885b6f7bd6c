import { GatewayBadResponseError, GatewaySignatureError, type GatewayError } from "../errors"
import { canonicalNotification, canonicalSignFields } from "../operations/notification"
import {
  inNotificationDialect,
  NOTIFICATION_ALIASES,
  NOTIFICATION_SIGN_FIELDS,
  notificationFieldName,
} from "../schemas/notification"
import { makeClient, reply, sha256 } from "./helpers/fake-gateway"

/** The engine's legacy push (docs/assumptions.md, Sandbox: "Notification field names") for the same payment. */
const legacy = {
  merNo: "1234567",
  gatewayNo: "123456702",
  tradeNo: "T100001",
  orderNo: "ORD10001",
  orderCurrency: "USD",
  orderAmount: "12.50",
  orderStatus: "1",
  orderInfo: "0000:Approved",
}
// merNo gatewayNo tradeNo orderNo orderCurrency orderAmount orderStatus orderInfo signkey
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

describe("notification alias table", () => {
  it("maps every legacy name onto one of ours, and each of ours back (one table, both ways)", () => {
    expect(NOTIFICATION_ALIASES).toEqual({
      merNo: "merchant_id",
      gatewayNo: "account_id",
      tradeNo: "transaction_id",
      orderNo: "order_no",
      orderCurrency: "currency",
      orderAmount: "amount",
      orderStatus: "order_status",
      orderInfo: "order_info",
      signInfo: "encryption_data",
    })
    expect(notificationFieldName("orderAmount")).toBe("amount")
    expect(notificationFieldName("amount")).toBe("amount")
    expect(notificationFieldName("refund_amount")).toBe("refund_amount")
    // Inherited names are not aliases.
    expect(notificationFieldName("toString")).toBe("toString")
    const ours = { notify_type: "refund", order_no: "A1", amount: "1.00", refund_amount: "1.00", encryption_data: "x" }
    const old = inNotificationDialect(ours, "legacy")
    expect(Object.keys(old)).toEqual(["notify_type", "orderNo", "orderAmount", "refund_amount", "signInfo"])
    expect(canonicalNotification(old)).toEqual(ours)
    expect(inNotificationDialect(ours, "snake_case")).toEqual(ours)
  })

  it("the legacy signature row, through the table, is our default row", () => {
    const engineRow = [
      "merNo",
      "gatewayNo",
      "tradeNo",
      "orderNo",
      "orderCurrency",
      "orderAmount",
      "orderStatus",
      "orderInfo",
    ]
    expect(canonicalSignFields(engineRow)).toEqual([...NOTIFICATION_SIGN_FIELDS])
  })

  it("a field named both ways: the same value passes, different values are refused naming both", () => {
    expect(canonicalNotification({ orderNo: "A1", order_no: "A1" })).toEqual({ order_no: "A1" })
    expect(canonicalNotification({ order_no: "A1", orderNo: "A1" })).toEqual({ order_no: "A1" })
    for (const body of [
      { orderAmount: "12.50", amount: "1.00" },
      { amount: "1.00", orderAmount: "12.50" },
    ]) {
      const err = thrown(() => canonicalNotification(body))
      expect(err).toBeInstanceOf(GatewayBadResponseError)
      expect(err.source).toBe("amount")
      expect(err.message).toBe(
        "notification: orderAmount and amount name the same field with different values; send one of them",
      )
    }
  })
})

describe("parseNotification in the engine's legacy naming", () => {
  const { client } = makeClient(() => reply("unused"))

  it("accepts a legacy form body signed with signInfo, upper- or lower-case hex, read under our names", () => {
    for (const signInfo of [SIG.toUpperCase(), SIG.toLowerCase()]) {
      const note = client.parseNotification(formBody({ ...legacy, signInfo }))
      expect(note).toMatchObject({
        notify_type: "payment",
        merchant_id: "1234567",
        account_id: "123456702",
        transaction_id: "T100001",
        order_no: "ORD10001",
        currency: "USD",
        amount: "12.50",
        order_status: "1",
        order_info: "0000:Approved",
        encryption_data: signInfo,
      })
      expect(note).not.toHaveProperty("orderNo")
    }
    // An object parsed upstream (Medusa's body parser), and a signature under our name.
    expect(client.parseNotification({ ...legacy, encryption_data: SIG }).order_no).toBe("ORD10001")
  })

  it("accepts a body that mixes the namings field by field, and the same value under both names", () => {
    const { orderNo: _o, orderAmount: _a, ...rest } = legacy
    const mixed = { ...rest, order_no: "ORD10001", amount: "12.50", merchant_id: "1234567", signInfo: SIG }
    expect(client.parseNotification(formBody(mixed)).amount).toBe("12.50")
  })

  it("refuses a tampered legacy body, and a signature made with another key", () => {
    const err = thrown(() => client.parseNotification(formBody({ ...legacy, orderAmount: "1250.00", signInfo: SIG })))
    expect(err).toBeInstanceOf(GatewaySignatureError)
    expect(err.source).toBe("encryption_data")
    const other = sha256(Object.values(legacy).join("") + "another-key")
    expect(() => client.parseNotification(formBody({ ...legacy, signInfo: other }))).toThrow(GatewaySignatureError)
    // Not hex, or a hex string of the wrong length.
    expect(() => client.parseNotification(formBody({ ...legacy, signInfo: "Z".repeat(64) }))).toThrow(
      GatewaySignatureError,
    )
    expect(() => client.parseNotification(formBody({ ...legacy, signInfo: SIG.slice(1) }))).toThrow(
      GatewaySignatureError,
    )
  })

  it("refuses a body naming one field both ways with different values, before any signature check", () => {
    const extras: Record<string, string>[] = [
      { amount: "1.00" },
      { order_no: "ORD99999" },
      { encryption_data: SIG.slice(0, 63) + "0" },
    ]
    for (const extra of extras) {
      const err = thrown(() => client.parseNotification(formBody({ ...legacy, signInfo: SIG, ...extra })))
      expect(err).toBeInstanceOf(GatewayBadResponseError)
      expect(err.source).toBe(Object.keys(extra)[0])
    }
  })

  it("an unsigned legacy body is refused while require_notification_signature is on", () => {
    const err = thrown(() => client.parseNotification(formBody(legacy)))
    expect(err).toBeInstanceOf(GatewaySignatureError)
    expect(err.source).toBe("encryption_data")
  })

  it("a legacy body without merNo is malformed, naming our field", () => {
    const { merNo: _m, ...rest } = legacy
    const err = thrown(() => client.parseNotification(formBody({ ...rest, signInfo: SIG })))
    expect(err).toBeInstanceOf(GatewayBadResponseError)
    expect(err.source).toBe("merchant_id")
  })

  it("a notification_signature_fields rule written with legacy names verifies either naming", () => {
    const custom = makeClient(() => reply("unused"), {
      notification_signature_fields: ["orderNo", "orderAmount"],
    }).client
    const sig = sha256("ORD10001" + "12.50" + "UsdKey-Secret2")
    expect(custom.parseNotification({ ...legacy, signInfo: sig }).order_no).toBe("ORD10001")
    expect(
      custom.parseNotification({
        order_no: "ORD10001",
        amount: "12.50",
        merchant_id: "1234567",
        account_id: "123456702",
        encryption_data: sig,
      }).amount,
    ).toBe("12.50")
    expect(() => custom.parseNotification({ ...legacy, signInfo: SIG })).toThrow(GatewaySignatureError)
  })
})
