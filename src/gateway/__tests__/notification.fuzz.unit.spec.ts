import fc from "fast-check"
import { GatewayError, GatewaySignatureError } from "../errors"
import { NOTIFICATION_SIGN_FIELDS } from "../schemas/notification"
import { sign } from "../signing"
import { ACCOUNTS, MERCHANT, makeClient, reply } from "./helpers/fake-gateway"
import { anyJson, caseCounter } from "./helpers/fuzz"
import * as legit from "./helpers/signed-values"

/**
 * client.parseNotification under fuzzing: any body gives a Notification or a GatewayError;
 * a signed notification with any signed field changed is always refused (tampering), and a
 * correctly signed one with any legitimate values is always accepted.
 */
const { client } = makeClient(() => reply("unused"))
const counter = caseCounter()

const value = fc.string({ maxLength: 24 })
const signedFields = fc.record({
  notify_type: fc.constantFrom("payment", "review", "refund", "payout"),
  merchant_id: fc.constant(MERCHANT),
  account_id: fc.constantFrom(ACCOUNTS.eur.account_id, ACCOUNTS.usd.account_id, ACCOUNTS.fallback.account_id),
  transaction_id: legit.transactionId,
  order_no: legit.orderNo,
  currency: legit.currency,
  amount: legit.amount,
  order_status: legit.orderStatus,
  order_info: legit.orderInfo,
})
const keyOf = (account_id: string) => Object.values(ACCOUNTS).find((a) => a.account_id === account_id)!.sign_key
const signed = (f: Record<string, string>) => ({
  ...f,
  encryption_data: sign(f, NOTIFICATION_SIGN_FIELDS, keyOf(f.account_id)),
})

function parse(body: string | Record<string, unknown>): "ok" | GatewayError {
  counter.hit()
  try {
    client.parseNotification(body)
    return "ok"
  } catch (e) {
    if (e instanceof GatewayError) return e
    throw e
  }
}

describe("notification parsing under fuzzing", () => {
  it("any form-urlencoded text: a Notification or a GatewayError", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), (text) => void parse(text)),
      { numRuns: 10_000, seed: 11 },
    )
  })

  it("any object (nested, arrays, numbers, nulls): a Notification or a GatewayError", () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom(...NOTIFICATION_SIGN_FIELDS, "notify_type", "encryption_data", "x"), anyJson),
        (o) => void parse(o),
      ),
      { numRuns: 10_000, seed: 12 },
    )
  })

  it("a correctly signed notification is accepted, as a form body and as an object", () => {
    fc.assert(
      fc.property(signedFields, (f) => {
        const body = signed(f)
        expect(parse(body)).toBe("ok")
        expect(parse(new URLSearchParams(body).toString())).toBe("ok")
      }),
      { numRuns: 5_000, seed: 13 },
    )
  })

  it("changing any signed field, the key or the merchant is refused with a signature error", () => {
    const tamper = fc.tuple(signedFields, fc.constantFrom(...NOTIFICATION_SIGN_FIELDS), value)
    fc.assert(
      fc.property(tamper, ([f, field, replacement]) => {
        // Spaces are removed before hashing (gateway-interface.md §5.4): a change only of spaces is no change.
        fc.pre(replacement.replace(/\s/g, "") !== String(f[field]).replace(/\s/g, ""))
        const body = { ...signed(f), [field]: replacement }
        const r = parse(body)
        expect(r).toBeInstanceOf(GatewaySignatureError)
      }),
      { numRuns: 10_000, seed: 14 },
    )
    fc.assert(
      fc.property(signedFields, fc.string({ minLength: 1, maxLength: 20 }), (f, otherKey) => {
        fc.pre(otherKey !== keyOf(f.account_id))
        const forged = { ...f, encryption_data: sign(f, NOTIFICATION_SIGN_FIELDS, otherKey) }
        expect(parse(forged)).toBeInstanceOf(GatewaySignatureError)
      }),
      { numRuns: 3_000, seed: 15 },
    )
  })

  it("counts its cases", () => {
    expect(counter.count).toBeGreaterThanOrEqual(40_000)
    process.stdout.write(`fuzz notifications: ${counter.count} cases\n`)
  })
})
