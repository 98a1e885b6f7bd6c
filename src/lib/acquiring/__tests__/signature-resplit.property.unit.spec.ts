import fc from "fast-check"
import { ACCOUNTS, MERCHANT } from "../../../gateway/__tests__/helpers/fake-gateway"
import { joinedValues, resplits, type Formats } from "../../../gateway/__tests__/helpers/resplit"
import * as legit from "../../../gateway/__tests__/helpers/signed-values"
import { OPERATION_TABLE, type Operation } from "../../../gateway/operations-table"
import { NOTIFICATION_SIGN_FIELDS, PAYOUT_NOTIFICATION_SIGN_FIELDS } from "../../../gateway/schemas/notification"
import { NotificationFormats, signedFieldFormats } from "../../../gateway/schemas/notification-formats"
import { signedValues } from "../../../gateway/signing"
import { SESSION_ORDER_NO_PATTERN } from "../order-no"

/**
 * The gateway hashes signed values joined with nothing between them, so a signature of one row
 * verifies any other row whose values join to the same text. Property: for every row the plugin
 * signs or shows a shopper, with any legitimate values (and a return URL whose path the shopper
 * writes, attack-shaped included), no re-split of the joined values passes the formats of a
 * notification row; a notification row re-splits only into itself. With the plugin's own
 * configuration (its order numbers), as the provider builds it.
 */
/** Removing one of these formats alone lets some checkout signature verify as an order notification. */
const EXPECTED_HOLDING = ["account_id", "transaction_id", "order_no"]
const RUNS = Number(process.env.RESPLIT_RUNS ?? 10_000)
const accountIds = [ACCOUNTS.eur.account_id, ACCOUNTS.usd.account_id, ACCOUNTS.fallback.account_id]
const FORMATS = signedFieldFormats(NotificationFormats.parse({ order_no: SESSION_ORDER_NO_PATTERN }), {
  merchant_id: MERCHANT,
  account_ids: accountIds,
})
const account = fc.constantFrom(...accountIds)

/** What a shopper can put into a return URL's path: characters, and the pieces a forgery needs, in the order it needs them. */
const forgedTail = fc
  .tuple(legit.orderNo, legit.currency, legit.amount, legit.orderStatus, legit.orderInfo)
  .map((parts) => parts.join(""))
const piece = fc.oneof(
  fc.constantFrom("/", ".", "-", "_", "?", "=", "0000:", "1", "-1", "T1"),
  legit.orderNo,
  legit.currency,
  legit.amount,
  legit.transactionId,
  legit.requestId,
  forgedTail,
)
const returnUrl = fc.oneof(
  legit.returnUrl,
  fc
    .tuple(fc.constantFrom("https://shop.example/", "http://localhost:8000/"), fc.array(piece, { maxLength: 6 }))
    .map(([origin, parts]) => origin + parts.join("")),
)

/** One payload per row, with the values the plugin sends or shows; the row's fields come from the operations table. */
const fromTable = (op: Operation, payload: fc.Arbitrary<Record<string, unknown>>) =>
  payload
    .map((p) => ({ ...p, merchant_id: MERCHANT }) as Record<string, unknown>)
    .map((p) => ({
      values: OPERATION_TABLE[op].sign.flatMap((f) => signedValues(p, f).map(([, v]) => v)),
    }))
const order = { account_id: account, order_no: legit.orderNo, currency: legit.currency, amount: legit.amount }
const batch = (array: string) =>
  fc.record({
    account_id: account,
    [array]: fc.array(fc.record({ transaction_id: legit.transactionId }), { minLength: 1, maxLength: 5 }),
  })
const notification = (row: readonly string[], named: Record<string, fc.Arbitrary<string>>) =>
  fc.record({ account_id: account, transaction_id: legit.transactionId, ...named }).map((p) => {
    const all: Record<string, string> = { merchant_id: MERCHANT, ...p }
    return { values: row.map((f) => all[f]), own: row }
  })
const common = {
  currency: legit.currency,
  amount: legit.amount,
  order_status: legit.orderStatus,
  order_info: legit.orderInfo,
}

const SOURCES: Record<string, fc.Arbitrary<{ values: string[]; own?: readonly string[] }>> = {
  checkout: fromTable("checkout", fc.record({ ...order, return_url: returnUrl })),
  authorise: fromTable("authorise", fc.record({ ...order, return_url: returnUrl })),
  // The hosted page's signInfo is the checkout's signature over the same values (gateway-interface.md §4.1).
  "hosted page signInfo": fromTable("checkout", fc.record({ ...order, return_url: returnUrl })),
  capture: fromTable("capture", batch("capture_orders")),
  cancel: fromTable("cancel", batch("cancel_orders")),
  review: fromTable("review", batch("review_orders")),
  refund: fromTable("refund", batch("refund_orders")),
  payout: fromTable(
    "payout",
    fc.record({
      account_id: account,
      request_id: legit.requestId,
      payment_currency: legit.currency,
      payment_amount: legit.amount,
    }),
  ),
  retrievalTrans: fromTable("retrievalTrans", fc.record({ account_id: account })),
  "order notification": notification(NOTIFICATION_SIGN_FIELDS, { order_no: legit.orderNo, ...common }),
  "payout notification": notification(PAYOUT_NOTIFICATION_SIGN_FIELDS, { request_id: legit.requestId, ...common }),
}
/**
 * The notification rows, in our names. The legacy dialect signs the same values under its names through
 * one alias table (notification-dialects.unit.spec.ts), so its rows are these.
 */
const TARGETS: Record<string, readonly string[]> = {
  "order notification": NOTIFICATION_SIGN_FIELDS,
  "payout notification": PAYOUT_NOTIFICATION_SIGN_FIELDS,
}

/** No split but the row's own values (a row re-split into itself must give back exactly its values). */
function foreignSplits(source: { values: string[]; own?: readonly string[] }, target: readonly string[], f: Formats) {
  const joined = joinedValues(source.values)
  const own = source.own === target ? source.values.map((v) => v.replace(/\s+/g, "")) : null
  return resplits(joined, target, f, { limit: 2 }).filter(
    (split) => !own || split.join("\u0000") !== own.join("\u0000"),
  )
}

describe("no signed row re-splits into a notification row", () => {
  for (const [targetName, target] of Object.entries(TARGETS)) {
    for (const [sourceName, source] of Object.entries(SOURCES)) {
      it(`${sourceName} → ${targetName}: ${RUNS} runs`, () => {
        fc.assert(
          // A plain predicate (no expect per run: jest's matchers cost more than the search); fast-check
          // prints the counterexample, and the split it found is in the message below.
          fc.property(source, (s) => {
            const found = foreignSplits(s, target, FORMATS)
            if (found.length) throw new Error(`re-split into ${targetName}: ${JSON.stringify(found[0])}`)
            return true
          }),
          { numRuns: RUNS, seed: 2500 },
        )
      })
    }
  }

  it("fails when a format check is removed: the field formats that hold a checkout signature back", () => {
    const sample = fc.sample(SOURCES.checkout, { numRuns: 1_500, seed: 7 })
    const found = (removed: string[]) => {
      const any = { test: () => true, message: "" }
      const f: Formats = { ...FORMATS, ...Object.fromEntries(removed.map((r) => [r, any])) }
      return sample.some(
        (s) =>
          resplits(joinedValues(s.values), NOTIFICATION_SIGN_FIELDS, f, { limit: 1, unbounded: removed }).length > 0,
      )
    }
    expect(found([])).toBe(false)
    const holding = NOTIFICATION_SIGN_FIELDS.filter((field) => found([field]))
    expect(holding).toEqual(EXPECTED_HOLDING)
  })
})
