import fc from "fast-check"
import { GatewayError } from "../errors"
import type { GatewayClient } from "../client-types"
import { fixture, fixtureJson, makeClient, orders, reply, type Reply } from "./helpers/fake-gateway"
import {
  anyContentType,
  anyHtml,
  anyJson,
  anyStatus,
  anyXml,
  caseCounter,
  mutatedObject,
  mutatedText,
  watchUnhandledRejections,
} from "./helpers/fuzz"

/**
 * Property: whatever the gateway answers (any bytes, any status, any label), every client
 * operation either returns a parsed result or fails with a GatewayError subclass naming the
 * problem; batch operations list a failed request under `failed` with a GatewayError. Never a
 * TypeError, never a crash, never an unhandled rejection.
 */
jest.setTimeout(60_000)

const JSON_FIXTURES = [
  "retrieval-trans-response.json",
  "retrieval-refund-response.json",
  "capture-response.json",
  "cancel-response.json",
  "refund-response.json",
  "review-response.json",
  "payout-response.json",
  "error-body.json",
].map(fixtureJson)
const HTML_FIXTURES = ["checkout-page-allparams.html", "checkout-page-helper.html", "checkout-page-json.html"].map(
  fixture,
)
const XML_FIXTURE = fixture("authorise-response.xml")

/** Every operation, each with a valid request, so the answer is what gets exercised. */
const CALLS: Array<[string, (c: GatewayClient) => Promise<unknown>]> = [
  ["checkout", (c) => c.checkout(fixtureJson("checkout-request.json"))],
  [
    "authorise",
    (c) =>
      c.authorise({
        order_no: "ORD10002",
        currency: "EUR",
        amount: "30.00",
        payment_method: "pix",
        return_url: "https://shop.example/r",
      }),
  ],
  ["retrieveTransactions", (c) => c.retrieveTransactions({ orders: ["ORD10001", "ORD10002"] }, { currency: "EUR" })],
  ["retrieveRefunds", (c) => c.retrieveRefunds({ trades: ["T100001"] }, { currency: "EUR" })],
  ["capture", (c) => c.capture({ capture_orders: orders(2) })],
  ["cancel", (c) => c.cancel({ cancel_orders: orders(2) })],
  ["review", (c) => c.review({ review_orders: orders(2).map((o) => ({ ...o, review_flag: "1" })) })],
  [
    "refund",
    (c) => c.refund({ refund_orders: orders(2).map((o) => ({ ...o, refund_amount: "1.00", refund_reason: "fuzz" })) }),
  ],
  ["payout", (c) => c.payout(fixtureJson("payout-request.json"))],
]

/** A body of any kind: mutated fixtures first (they reach the schemas), then pure noise. */
const anyBody = fc.oneof(
  { weight: 4, arbitrary: mutatedObject(JSON_FIXTURES).map((o) => JSON.stringify(o)) },
  { weight: 2, arbitrary: mutatedText(HTML_FIXTURES) },
  { weight: 1, arbitrary: mutatedText([XML_FIXTURE]) },
  { weight: 1, arbitrary: anyXml },
  { weight: 1, arbitrary: anyHtml },
  { weight: 1, arbitrary: anyJson.map((v) => JSON.stringify(v)) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 200 }) },
  {
    weight: 1,
    arbitrary: fc
      .dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 12 }))
      .map((o) => new URLSearchParams(o).toString()),
  },
)

/** What each call did; anything but a result or a GatewayError is a failure of the property. */
async function outcome(call: () => Promise<unknown>): Promise<"ok" | "typed"> {
  try {
    const r = (await call()) as { failed?: Array<{ error: unknown }> } | undefined
    for (const f of r?.failed ?? []) if (!(f.error instanceof GatewayError)) throw f.error
    return "ok"
  } catch (e) {
    if (e instanceof GatewayError && e.message && e.kind) return "typed"
    throw e
  }
}

describe("gateway responses under fuzzing (JSON, XML, HTML, form, noise)", () => {
  const unhandled = watchUnhandledRejections()
  const counter = caseCounter()
  const seen = { ok: 0, typed: 0 }

  it.each(CALLS)("%s: a result or a typed GatewayError, for any answer", async (_name, call) => {
    await fc.assert(
      fc.asyncProperty(anyBody, anyStatus, anyContentType, async (body, status, type) => {
        counter.hit()
        const { client } = makeClient((): Reply => reply(body, status, type), { query_retries: 0 })
        seen[await outcome(() => call(client))]++
      }),
      { numRuns: 2_500, seed: 20_240_7 },
    )
  })

  it("answers that are mislabelled, empty or cut off midway stay typed", async () => {
    const cut = (text: string) =>
      new Response(
        new ReadableStream({
          start(ctrl) {
            ctrl.enqueue(new TextEncoder().encode(text))
            ctrl.error(new Error("socket hang up"))
          },
        }),
        { status: 200 },
      )
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...CALLS), anyBody, fc.boolean(), async ([, call], body, truncate) => {
        counter.hit()
        const { client } = makeClient(() => (truncate ? cut(body) : reply("", 200)), { query_retries: 0 })
        await outcome(() => call(client))
      }),
      { numRuns: 2_000, seed: 7 },
    )
  })

  it("reached both parsed results and typed errors; no unhandled rejection", () => {
    // The cases must reach both branches, or the property proved little.
    expect(seen.ok).toBeGreaterThan(0)
    expect(seen.typed).toBeGreaterThan(0)
    expect(unhandled).toEqual([])
    process.stdout.write(
      `fuzz gateway responses: ${counter.count} cases (${seen.ok} parsed, ${seen.typed} typed errors)\n`,
    )
  })
})
