import { encodeBody, encodeXml } from "../../gateway/codecs"
import { OPERATIONS, OPERATION_TABLE, type Encoding, type Operation } from "../../gateway/operations-table"
import { ErrorBody } from "../../gateway/schemas"
import { ERROR_CODES as E } from "../../gateway/status-codes"
import { DOCUMENTED_ENCODINGS } from "../dialect"
import { ENCODING_REFUSED, XML_ROOT_REFUSED } from "../http/strict"
import { startSandbox, type Sandbox } from "../index"
import { call, checkoutPayload, createCheckout, payloadFor, post, signed } from "./helpers"

/**
 * Strict mode (the default): every operation refuses a body encoding the interface document does not
 * give it, and an XML body under another root, with the engine's I00xx family (I0002, source "body");
 * lenient: true takes the very same bytes.
 */
let strict: Sandbox
let lenient: Sandbox
beforeAll(async () => {
  ;[strict, lenient] = await Promise.all([
    startSandbox({ port: 0, seed: 17 }),
    startSandbox({ port: 0, seed: 17, lenient: true }),
  ])
})
afterAll(() => Promise.all([strict.stop(), lenient.stop()]))

/** An encoding the document does not give the operation. */
const UNDOCUMENTED: Record<Operation, Encoding> = {
  checkout: "json",
  authorise: "json",
  retrievalTrans: "json",
  capture: "form",
  review: "form",
  cancel: "form",
  refund: "form",
  retrievalRefund: "xml",
  payout: "xml",
}

const send = (sb: Sandbox, op: Operation, body: string) =>
  // Labelled as the document's examples label every body: only the bytes are judged.
  post(`${sb.url}${OPERATION_TABLE[op].path}`, body, "application/x-www-form-urlencoded")

describe("strict by default", () => {
  it("the resolved dialect says strict, with the document's encodings", () => {
    expect(strict.dialect.lenient).toBe(false)
    expect(strict.dialect.accepted_encodings).toEqual(DOCUMENTED_ENCODINGS)
    expect(lenient.dialect.lenient).toBe(true)
    for (const op of OPERATIONS) expect(DOCUMENTED_ENCODINGS[op]).not.toContain(UNDOCUMENTED[op])
  })

  it.each(OPERATIONS)("%s: an undocumented encoding is refused 415 I0002 (body); lenient takes it", async (op) => {
    const enc = UNDOCUMENTED[op]
    // One request body, signed once, sent to both: the only difference is the mode.
    const p = signed(op, payloadFor(op))
    const body = encodeBody(enc, p)
    const refused = await send(strict, op, body)
    expect(refused.status).toBe(ENCODING_REFUSED.status)
    expect(ErrorBody.parse(refused.body)).toMatchObject({ code: E.INVALID_FIELD, source: "body" })
    expect(refused.body.message).toContain(`does not take a ${enc} body`)
    expect(refused.headers.get("content-type")).toMatch(/^application\/json/)
    // Nothing was created by the refused request.
    if (op === "checkout" || op === "authorise")
      expect(strict.inspect.order({ order_no: String(p.order_no) })).toBeUndefined()
    if (op === "payout") expect(strict.inspect.payouts()).toHaveLength(0)

    const taken = await send(lenient, op, body)
    expect([op, taken.status]).toEqual([op, 200])
    if (op === "checkout" || op === "authorise")
      expect(lenient.inspect.order({ order_no: String(p.order_no) })?.state).toBe("waiting")
    else if (op === "payout") expect(taken.body.status).toBe("COMPLETED")
    else expect(taken.body.return_status).toBe("1")
  })

  it.each(OPERATIONS)("%s: its documented encoding is taken", async (op) => {
    const res = await call(strict, op, payloadFor(op), DOCUMENTED_ENCODINGS[op][0])
    expect([op, res.status]).toEqual([op, 200])
  })

  it("checkout: XML under another root is refused 400 I0002 naming the root; lenient takes it", async () => {
    const p = signed("checkout", checkoutPayload())
    const body = encodeXml(p, "order")
    const refused = await send(strict, "checkout", body)
    expect(refused.status).toBe(XML_ROOT_REFUSED.status)
    expect(ErrorBody.parse(refused.body)).toMatchObject({ code: E.INVALID_FIELD, source: "body" })
    expect(refused.body.message).toMatch(/<order>.*<request>/)
    expect((await send(lenient, "checkout", body)).status).toBe(200)
  })

  it("an operation given XML by accepted_encodings checks its root too", async () => {
    const sb = await startSandbox({ port: 0, accepted_encodings: { retrievalTrans: ["form", "xml"] } })
    try {
      const p = signed("retrievalTrans", payloadFor("retrievalTrans"))
      expect((await send(sb, "retrievalTrans", encodeXml(p, "request"))).status).toBe(200)
      const wrong = await send(sb, "retrievalTrans", encodeXml(p, "query"))
      expect([wrong.status, wrong.body.code]).toEqual([400, E.INVALID_FIELD])
    } finally {
      await sb.stop()
    }
  })

  it("accepted_encodings plays a gateway that takes only JSON on retrievalTrans, and xml_request_root another root", async () => {
    const sb = await startSandbox({
      port: 0,
      accepted_encodings: { retrievalTrans: ["json"] },
      xml_request_root: "order",
    })
    try {
      expect(sb.dialect.accepted_encodings.retrievalTrans).toEqual(["json"])
      expect(sb.dialect.accepted_encodings.capture).toEqual(["json"]) // the others keep the document's
      const p = signed("retrievalTrans", payloadFor("retrievalTrans"))
      const form = await send(sb, "retrievalTrans", encodeBody("form", p))
      expect([form.status, form.body.code, form.body.message]).toEqual([
        415,
        E.INVALID_FIELD,
        "retrievalTrans does not take a form body; send json (application/json)",
      ])
      expect((await send(sb, "retrievalTrans", encodeBody("json", p))).status).toBe(200)
      const c = signed("checkout", checkoutPayload())
      expect((await send(sb, "checkout", encodeXml(c, "order"))).status).toBe(200)
      expect((await send(sb, "checkout", encodeXml(signed("checkout", checkoutPayload()), "request"))).status).toBe(400)
    } finally {
      await sb.stop()
    }
  })

  it("the shopper's loading-page form (form-encoded, to /v1/checkout) is a page request, not refused", async () => {
    const c = await createCheckout(strict)
    const res = await post(c.page.form.action, new URLSearchParams(c.page.form.fields).toString())
    expect(res.status).toBe(200)
    expect(res.headers.get("content-type")).toMatch(/^text\/html/)
  })

  it("an unknown option value is refused at start, naming the option", async () => {
    await expect(startSandbox({ accepted_encodings: { capture: ["yaml"] } } as never)).rejects.toThrow(
      /accepted_encodings\.capture/,
    )
    await expect(startSandbox({ accepted_encodings: { capture: [] } })).rejects.toThrow(/accepted_encodings/)
  })
})
