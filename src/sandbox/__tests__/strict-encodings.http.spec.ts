import { encodeBody, encodeXml } from "../../gateway/codecs"
import { OPERATIONS, OPERATION_TABLE, type Encoding, type Operation } from "../../gateway/operations-table"
import { ErrorBody } from "../../gateway/schemas"
import { ERROR_CODES as E } from "../../gateway/status-codes"
import { DOCUMENTED_ENCODINGS } from "../dialect"
import { ENCODING_REFUSED, XML_ROOT_REFUSED } from "../http/strict"
import { startSandbox, type Sandbox } from "../index"
import { call, checkoutPayload, createCheckout, payloadFor, post, signed } from "./helpers"

/**
 * Strict mode (the default): every operation refuses a body encoding the interface document excludes
 * with the engine's I00xx family (I0002, source "body"); lenient: true takes the very same bytes. Where
 * the document is silent (authorise's body type, the XML root) every reading is taken unless pinned
 * (#29; silent-points.http.spec.ts).
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

/**
 * An encoding the document excludes for the operation. Authorise has none: the document gives it no body
 * type, so form, JSON and XML are all readings of it (#29: this row was "json", refused 415 before).
 */
const UNDOCUMENTED: Partial<Record<Operation, Encoding>> = {
  checkout: "json",
  retrievalTrans: "json",
  capture: "form",
  review: "form",
  cancel: "form",
  refund: "form",
  retrievalRefund: "xml",
  payout: "xml",
}

const EXCLUDING = OPERATIONS.filter((op) => UNDOCUMENTED[op])

const send = (sb: Sandbox, op: Operation, body: string) =>
  // Labelled as the document's examples label every body: only the bytes are judged.
  post(`${sb.url}${OPERATION_TABLE[op].path}`, body, "application/x-www-form-urlencoded")

describe("strict by default", () => {
  it("the resolved dialect says strict, with the document's encodings", () => {
    expect(strict.dialect.lenient).toBe(false)
    expect(strict.dialect.accepted_encodings).toEqual(DOCUMENTED_ENCODINGS)
    expect(lenient.dialect.lenient).toBe(true)
    for (const op of EXCLUDING) expect(DOCUMENTED_ENCODINGS[op]).not.toContain(UNDOCUMENTED[op])
    expect(DOCUMENTED_ENCODINGS.authorise).toEqual(["form", "json", "xml"])
  })

  it.each(EXCLUDING)("%s: an undocumented encoding is refused 415 I0002 (body); lenient takes it", async (op) => {
    const enc = UNDOCUMENTED[op]!
    // One request body, signed once, sent to both: the only difference is the mode.
    const p = signed(op, payloadFor(op))
    const body = encodeBody(enc, p)
    const refused = await send(strict, op, body)
    expect(refused.status).toBe(ENCODING_REFUSED.status)
    expect(ErrorBody.parse(refused.body)).toMatchObject({ code: E.INVALID_FIELD, source: "body" })
    expect(refused.body.message).toContain(`does not take a ${enc} body`)
    expect(refused.headers.get("content-type")).toMatch(/^application\/json/)
    // Nothing was created by the refused request.
    if (op === "checkout") expect(strict.inspect.order({ order_no: String(p.order_no) })).toBeUndefined()
    if (op === "payout") expect(strict.inspect.payouts()).toHaveLength(0)

    const taken = await send(lenient, op, body)
    expect([op, taken.status]).toEqual([op, 200])
    if (op === "checkout") expect(lenient.inspect.order({ order_no: String(p.order_no) })?.state).toBe("waiting")
    else if (op === "payout") expect(taken.body.status).toBe("COMPLETED")
    else expect(taken.body.return_status).toBe("1")
  })

  it.each(OPERATIONS)("%s: its documented encoding is taken", async (op) => {
    const res = await call(strict, op, payloadFor(op), DOCUMENTED_ENCODINGS[op][0])
    expect([op, res.status]).toEqual([op, 200])
  })

  it("checkout: XML under another root is taken (the document names no root); pinned to <request> it is refused 400 I0002 naming the root", async () => {
    // #29: strict used to refuse this root (the client's xml_request_root default); the document allows it.
    const p = signed("checkout", checkoutPayload())
    const body = encodeXml(p, "order")
    expect((await send(strict, "checkout", body)).status).toBe(200)
    const pinned = await startSandbox({ port: 0, seed: 17, pin: { xml_request_root: "request" } })
    try {
      const refused = await send(pinned, "checkout", encodeXml(signed("checkout", checkoutPayload()), "order"))
      expect(refused.status).toBe(XML_ROOT_REFUSED.status)
      expect(ErrorBody.parse(refused.body)).toMatchObject({ code: E.INVALID_FIELD, source: "body" })
      expect(refused.body.message).toMatch(/<order>.*<request>/)
    } finally {
      await pinned.stop()
    }
  })

  it("an operation given XML by accepted_encodings checks its root too (when the root is pinned)", async () => {
    const sb = await startSandbox({
      port: 0,
      accepted_encodings: { retrievalTrans: ["form", "xml"] },
      pin: { xml_request_root: "request" },
    })
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
