import { encodeBody, encodeXml } from "../../gateway/codecs"
import { OPERATION_TABLE, type Encoding, type Operation } from "../../gateway/operations-table"
import { ErrorBody, PayoutResponse, RetrievalRefundResponse, RetrievalTransResponse } from "../../gateway/schemas"
import { ERROR_CODES as E, QUERY_RESULT } from "../../gateway/status-codes"
import { SELECTION_NAMINGS, type SelectionNaming } from "../silent-points"
import { startSandbox, type Sandbox, type SandboxOptionsInput } from "../index"
import { AUTH, M, SALE, call, checkoutPayload, payloadFor, post, signed } from "./helpers"

/**
 * Issue #29: strict mode refuses what the interface document excludes and takes every plausible reading
 * where it is silent (XML root, authorise body type, payout body type, the retrievals' selection fields),
 * recording which one it received; `pin` plays a gateway that takes only one.
 */
const started: Sandbox[] = []
async function sandbox(options: SandboxOptionsInput = {}): Promise<Sandbox> {
  const sb = await startSandbox({ port: 0, seed: 29, ...options })
  started.push(sb)
  return sb
}
afterEach(() => Promise.all(started.splice(0).map((sb) => sb.stop())))

/** Labelled as every example of the document is: only the bytes are judged. */
const send = (sb: Sandbox, op: Operation, body: string) =>
  post(`${sb.url}${OPERATION_TABLE[op].path}`, body, "application/x-www-form-urlencoded")

/** Signed once, written in `encoding` (XML under `root`). */
const sendAs = (sb: Sandbox, op: Operation, payload: Record<string, unknown>, encoding: Encoding, root = "request") => {
  const p = "encryption_data" in payload ? payload : signed(op, payload)
  return send(sb, op, encoding === "xml" ? encodeXml(p, root) : encodeBody(encoding, p))
}

/** An APM request with the three-level `person` object of §2.4. */
const apmPayload = (): Record<string, unknown> => ({
  ...checkoutPayload(),
  payment_method: "PIX",
  person: {
    document_number: "12345678909",
    email: "ada@example.com",
    address_country: "BR",
    documents: {
      file_type: "application/pdf",
      labels: {
        person_bank_account_id: "BA1",
        bank_account: { account_number: "0001", currency: "BRL", bank: { code: "341", name: "Itau" } },
      },
    },
  },
})

const payoutPayload = (request_id: string) => ({ ...payloadFor("payout"), request_id })
const REQUEST_IDS = ["6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b", "7a2e3d4c-5b6f-4a71-9b8c-0d1e2f3a4b5c"]

/** A paid sale order with a 5.00 refund from the portal: found by both retrievals. */
async function refundedOrder(sb: Sandbox, root = "request") {
  const p = checkoutPayload({}, SALE)
  const res = await sendAs(sb, "checkout", p, "xml", root)
  if (res.status !== 200) throw new Error(`checkout failed: ${res.status} ${res.text}`)
  const { transaction_id } = sb.inspect.order({ order_no: String(p.order_no) })!
  sb.shopper.pay(transaction_id)
  sb.portal.refund(transaction_id, "5.00")
  return { transaction_id, order_no: String(p.order_no) }
}

const selectionBy = (
  naming: SelectionNaming,
  o: { order_no: string; transaction_id: string },
  by: "orders" | "trades",
) => ({ [SELECTION_NAMINGS[naming][by]]: by === "orders" ? o.order_no : o.transaction_id }) as Record<string, string>

const retrieve = async (sb: Sandbox, op: "retrievalTrans" | "retrievalRefund", selection: Record<string, unknown>) => {
  const res = await sendAs(sb, op, { merchant_id: M, account_id: SALE, ...selection }, "form")
  expect([op, res.status]).toEqual([op, 200])
  return op === "retrievalTrans" ? RetrievalTransResponse.parse(res.body) : RetrievalRefundResponse.parse(res.body)
}
const listed = (r: Awaited<ReturnType<typeof retrieve>>) =>
  // Both schemas are loose (an index signature), so `in` does not narrow the union by itself.
  "orders_list" in r
    ? (r as RetrievalTransResponse).orders_list.map((o) => o.transaction_id)
    : (r as RetrievalRefundResponse).refund_orders.map((o) => o.transaction_id)

describe("strict by default: every plausible reading of a silent point is taken and recorded", () => {
  it("checkout: XML under any root (the document names none), each root recorded", async () => {
    const sb = await sandbox()
    for (const root of ["request", "xml", "order", "checkout"]) {
      const p = checkoutPayload()
      const res = await sendAs(sb, "checkout", p, "xml", root)
      expect([root, res.status]).toEqual([root, 200])
      expect(res.headers.get("content-type")).toMatch(/^application\/xml/)
      expect(sb.inspect.order({ order_no: String(p.order_no) })?.state).toBe("waiting")
    }
    const roots = sb.inspect.readings().received.filter((r) => r.point === "xml_request_root")
    expect(roots.map((r) => [r.operation, r.reading, r.taken, r.refused])).toEqual([
      ["checkout", "request", 1, 0],
      ["checkout", "xml", 1, 0],
      ["checkout", "order", 1, 0],
      ["checkout", "checkout", 1, 0],
    ])
  })

  it("authorise: form, JSON (person nested three levels) and XML are each taken", async () => {
    const sb = await sandbox()
    for (const enc of ["form", "json", "xml"] as const) {
      const p = apmPayload()
      const res = await sendAs(sb, "authorise", p, enc, "xml")
      expect([enc, res.status]).toEqual([enc, 200])
      expect(res.text).toMatch(/^<\?xml[^>]*>\s*<respon>[\s\S]*<issuer_url>/)
      const logged = sb.inspect.requests().find((r) => r.body?.order_no === p.order_no)!
      // The nested object arrives whole in every encoding (form: bracket notation; the log drops `code` keys).
      expect((logged.body as any).person.documents.labels.bank_account).toEqual({
        account_number: "0001",
        currency: "BRL",
        bank: { name: "Itau" },
      })
    }
    expect(
      sb.inspect
        .readings()
        .received.filter((r) => r.operation === "authorise")
        .map((r) => [r.point, r.reading, r.taken]),
    ).toEqual([
      ["authorise_encoding", "form", 1],
      ["authorise_encoding", "json", 1],
      ["authorise_encoding", "xml", 1],
      ["xml_request_root", "xml", 1],
    ])
  })

  it("payout: JSON (its examples) and form (the label of every example) are each taken", async () => {
    const sb = await sandbox()
    for (const [i, enc] of (["json", "form"] as const).entries()) {
      const res = await sendAs(sb, "payout", payoutPayload(REQUEST_IDS[i]), enc)
      expect([enc, res.status]).toEqual([enc, 200])
      expect(PayoutResponse.parse(res.body).status).toBe("COMPLETED")
    }
    expect(sb.inspect.payouts()).toHaveLength(2)
    expect(sb.inspect.readings().received.map((r) => [r.point, r.reading, r.taken])).toEqual([
      ["payout_encoding", "json", 1],
      ["payout_encoding", "form", 1],
    ])
  })

  it.each(Object.keys(SELECTION_NAMINGS) as SelectionNaming[])(
    "retrievals select under the %s naming, by order number and by transaction id",
    async (naming) => {
      const sb = await sandbox()
      const o = await refundedOrder(sb)
      for (const op of ["retrievalTrans", "retrievalRefund"] as const)
        for (const by of ["orders", "trades"] as const)
          expect([op, by, listed(await retrieve(sb, op, selectionBy(naming, o, by)))]).toEqual([
            op,
            by,
            [o.transaction_id],
          ])
      const selections = sb.inspect.readings().received.filter((r) => r.point === "retrieval_selection")
      expect(selections.map((r) => [r.operation, r.reading, r.taken, r.refused])).toEqual([
        ["retrievalTrans", naming, 2, 0],
        ["retrievalRefund", naming, 2, 0],
      ])
    },
  )

  it("a retrieval naming two readings at once is one selection (each order once), both readings recorded", async () => {
    const sb = await sandbox()
    const [a, b] = [await refundedOrder(sb), await refundedOrder(sb)]
    const r = await retrieve(sb, "retrievalTrans", {
      orders: a.order_no,
      order_no: `${a.order_no},${b.order_no}`,
      transaction_ids: [b.transaction_id],
    })
    expect(listed(r).sort()).toEqual([a.transaction_id, b.transaction_id].sort())
    const entry = sb.inspect.requests().find((e) => e.path === "/v1/retrievalTrans")!
    expect(entry.readings).toEqual([
      { point: "retrieval_selection", reading: "orders_trades", taken: true },
      { point: "retrieval_selection", reading: "order_no_transaction_id", taken: true },
      { point: "retrieval_selection", reading: "order_nos_transaction_ids", taken: true },
    ])
  })

  it("the request log carries each request's readings; GET /__sandbox/readings answers what sb.inspect.readings() does", async () => {
    const sb = await sandbox()
    await sendAs(sb, "checkout", checkoutPayload(), "xml", "xml")
    await sendAs(sb, "authorise", apmPayload(), "json")
    await sendAs(sb, "capture", payloadFor("capture"), "json") // documented, no silent point
    const log = sb.inspect.requests()
    expect(log.map((e) => [e.path, e.readings])).toEqual([
      ["/v1/checkout", [{ point: "xml_request_root", reading: "xml", taken: true }]],
      ["/v1/authorise", [{ point: "authorise_encoding", reading: "json", taken: true }]],
      ["/v1/capture", undefined],
    ])
    const res = await fetch(`${sb.url}/__sandbox/readings`)
    expect(res.headers.get("content-type")).toMatch(/^application\/json/)
    const view = await res.json()
    expect(view).toEqual(sb.inspect.readings())
    expect(view).toMatchObject({
      mode: "strict",
      points: {
        xml_request_root: { accepts: "any", pinned: null },
        authorise_encoding: { accepts: ["form", "json", "xml"], pinned: null },
        payout_encoding: { accepts: ["json", "form"], pinned: null },
        retrieval_selection: {
          accepts: {
            retrievalTrans: ["orders_trades", "order_no_transaction_id", "order_nos_transaction_ids"],
            retrievalRefund: ["orders_trades", "order_no_transaction_id", "order_nos_transaction_ids"],
          },
          pinned: { retrievalTrans: null, retrievalRefund: null },
        },
      },
    })
    expect(view.received).toEqual([
      expect.objectContaining({ point: "xml_request_root", operation: "checkout", reading: "xml", taken: 1 }),
      expect.objectContaining({ point: "authorise_encoding", operation: "authorise", reading: "json", taken: 1 }),
    ])
    expect(view.received[0].first_at).toMatch(/^\d{4}-\d\d-\d\dT/)
    // Inspection reads are not logged, so reading the route changes nothing.
    expect(sb.inspect.requests()).toHaveLength(3)
  })
})

describe("what the document excludes is refused in strict mode", () => {
  it.each([
    ["checkout", "json", "the document says XML"],
    ["checkout", "form", "the document says XML"],
    ["capture", "form", "the document says JSON"],
    ["refund", "xml", "the document says JSON"],
    ["retrievalTrans", "json", "the document says form"],
    ["retrievalRefund", "json", "the document says form"],
    ["payout", "xml", "JSON examples labelled form: XML is no reading of them"],
  ] as const)("%s as %s (%s): 415 I0002, source body, nothing done", async (op, enc, _why) => {
    const sb = await sandbox()
    const p = signed(op, op === "payout" ? payoutPayload(REQUEST_IDS[0]) : payloadFor(op))
    const res = await sendAs(sb, op, p, enc)
    expect([res.status, ErrorBody.parse(res.body)]).toEqual([
      415,
      expect.objectContaining({ code: E.INVALID_FIELD, source: "body" }),
    ])
    expect(res.body.message).toContain(`${op} does not take a ${enc} body; send`)
    if (op === "checkout") expect(sb.inspect.orders()).toHaveLength(0)
    if (op === "payout") expect(sb.inspect.payouts()).toHaveLength(0)
    // Only the payout's encoding is a silent point: its XML is recorded as refused.
    expect(sb.inspect.readings().received.map((r) => [r.point, r.reading, r.refused])).toEqual(
      op === "payout" ? [["payout_encoding", "xml", 1]] : [],
    )
  })

  it("a wrong signature is refused in every reading (401 I0013)", async () => {
    const sb = await sandbox()
    const bad = { encryption_data: "0".repeat(64) }
    for (const [op, payload, enc, root] of [
      ["checkout", checkoutPayload(bad), "xml", "xml"],
      ["authorise", { ...apmPayload(), ...bad }, "json", "request"],
      ["payout", { ...payoutPayload(REQUEST_IDS[0]), ...bad }, "form", "request"],
      ["retrievalTrans", { merchant_id: M, account_id: AUTH, order_no: "X1", ...bad }, "form", "request"],
    ] as const) {
      const res = await sendAs(sb, op, payload, enc, root)
      expect([op, res.status, res.body.code, res.body.source]).toEqual([op, 401, E.SIGNATURE, "encryption_data"])
    }
    expect(sb.inspect.orders()).toHaveLength(0)
  })

  it("limits hold under every naming: 101 selected answer return_status 4; 51 captures I0040", async () => {
    const sb = await sandbox()
    const many = Array.from({ length: 101 }, (_, i) => `N${i}`).join(",")
    for (const naming of Object.keys(SELECTION_NAMINGS) as SelectionNaming[]) {
      const res = await sendAs(
        sb,
        "retrievalTrans",
        { merchant_id: M, account_id: AUTH, [SELECTION_NAMINGS[naming].orders]: many },
        "form",
      )
      expect([naming, res.body.return_status]).toEqual([naming, QUERY_RESULT.TOO_MANY])
    }
    const orders = Array.from({ length: 51 }, (_, i) => ({
      transaction_id: `T${i}`,
      order_no: `ORDER${i}`,
      currency: "USD",
      amount: "1.00",
    }))
    const res = await call(sb, "capture", { merchant_id: M, account_id: AUTH, capture_orders: orders })
    expect([res.status, res.body.code, res.body.source]).toEqual([400, E.TOO_MANY_ORDERS, "capture_orders"])
  })

  it("states hold for an order created in an alternative reading: capture before payment answers A0007", async () => {
    const sb = await sandbox()
    const p = apmPayload()
    expect((await sendAs(sb, "authorise", p, "json")).status).toBe(200)
    const o = sb.inspect.order({ order_no: String(p.order_no) })!
    const res = await call(sb, "capture", {
      merchant_id: M,
      account_id: AUTH,
      capture_orders: [{ transaction_id: o.transaction_id, order_no: o.order_no, currency: "USD", amount: "25.00" }],
    })
    expect(res.body.capture_orders[0]).toMatchObject({
      capture_status: "0",
      error_message: expect.stringMatching(/^A0007:/),
    })
  })
})

describe("pin: play a gateway that takes one reading", () => {
  const PINS = {
    xml_request_root: "request",
    authorise_encoding: "form",
    payout_encoding: "json",
    retrieval_selection: "orders_trades",
  } as const

  it("each pinned point refuses the other readings with the documented error, takes its own, and says so", async () => {
    const sb = await sandbox({ pin: PINS })
    expect(sb.dialect.pin).toEqual({
      xml_request_root: "request",
      authorise_encoding: "form",
      payout_encoding: "json",
      retrieval_selection: { retrievalTrans: "orders_trades", retrievalRefund: "orders_trades" },
    })
    expect(sb.dialect.accepted_encodings).toMatchObject({ authorise: ["form"], payout: ["json"] })

    const root = await sendAs(sb, "checkout", checkoutPayload(), "xml", "xml")
    expect([root.status, root.body.code, root.body.source]).toEqual([400, E.INVALID_FIELD, "body"])
    expect(root.body.message).toBe("checkout XML body has root <xml>; the root element must be <request>")
    expect((await sendAs(sb, "checkout", checkoutPayload(), "xml", "request")).status).toBe(200)

    const json = await sendAs(sb, "authorise", apmPayload(), "json")
    expect([json.status, json.body.code, json.body.message]).toEqual([
      415,
      E.INVALID_FIELD,
      "authorise does not take a json body; send form (application/x-www-form-urlencoded) (pin.authorise_encoding)",
    ])
    expect((await sendAs(sb, "authorise", apmPayload(), "form")).status).toBe(200)

    const form = await sendAs(sb, "payout", payoutPayload(REQUEST_IDS[0]), "form")
    expect([form.status, form.body.code]).toEqual([415, E.INVALID_FIELD])
    expect((await sendAs(sb, "payout", payoutPayload(REQUEST_IDS[0]), "json")).status).toBe(200)

    // Another naming is ignored as a gateway ignores fields it does not know: no selection, return_status 3.
    const o = await refundedOrder(sb)
    const other = await sendAs(sb, "retrievalTrans", { merchant_id: M, account_id: SALE, order_no: o.order_no }, "form")
    expect([other.status, other.body.return_status, other.body.orders_list]).toEqual([200, QUERY_RESULT.INCOMPLETE, []])
    expect(listed(await retrieve(sb, "retrievalTrans", { orders: o.order_no, order_no: "IGNORED1" }))).toEqual([
      o.transaction_id,
    ])

    const view = sb.inspect.readings()
    expect(view.points).toMatchObject({
      xml_request_root: { accepts: ["request"], pinned: "request" },
      authorise_encoding: { accepts: ["form"], pinned: "form" },
      payout_encoding: { accepts: ["json"], pinned: "json" },
      retrieval_selection: { accepts: { retrievalTrans: ["orders_trades"], retrievalRefund: ["orders_trades"] } },
    })
    expect(view.received.map((r) => [r.point, r.operation, r.reading, r.taken, r.refused])).toEqual([
      ["xml_request_root", "checkout", "xml", 0, 1],
      ["xml_request_root", "checkout", "request", 2, 0], // one by hand, one by refundedOrder's checkout
      ["authorise_encoding", "authorise", "json", 0, 1],
      ["authorise_encoding", "authorise", "form", 1, 0],
      ["payout_encoding", "payout", "form", 0, 1],
      ["payout_encoding", "payout", "json", 1, 0],
      ["retrieval_selection", "retrievalTrans", "order_no_transaction_id", 0, 2],
      ["retrieval_selection", "retrievalTrans", "orders_trades", 1, 0],
    ])
  })

  it("a retrieval pinned on its own; the XML root of another pinned encoding is judged too", async () => {
    const sb = await sandbox({
      pin: { retrieval_selection: { retrievalRefund: "order_nos_transaction_ids" }, authorise_encoding: "xml" },
      xml_request_root: "xml",
    })
    const o = await refundedOrder(sb, "xml")
    expect(listed(await retrieve(sb, "retrievalTrans", { order_no: o.order_no }))).toEqual([o.transaction_id])
    expect(listed(await retrieve(sb, "retrievalRefund", { transaction_ids: o.transaction_id }))).toEqual([
      o.transaction_id,
    ])
    const r = await retrieve(sb, "retrievalRefund", { trades: o.transaction_id })
    expect([r.return_status, listed(r)]).toEqual([QUERY_RESULT.INCOMPLETE, []])
    expect((await sendAs(sb, "authorise", apmPayload(), "xml", "xml")).status).toBe(200)
    expect((await sendAs(sb, "authorise", apmPayload(), "xml", "request")).status).toBe(400)
    expect((await sendAs(sb, "authorise", apmPayload(), "form")).status).toBe(415)
  })

  it("lenient ignores pins: every reading is taken and still recorded", async () => {
    const sb = await sandbox({ lenient: true, pin: PINS })
    expect((await sendAs(sb, "checkout", checkoutPayload(), "xml", "xml")).status).toBe(200)
    expect((await sendAs(sb, "authorise", apmPayload(), "json")).status).toBe(200)
    const o = await refundedOrder(sb)
    expect(listed(await retrieve(sb, "retrievalTrans", { transaction_id: o.transaction_id }))).toEqual([
      o.transaction_id,
    ])
    const view = sb.inspect.readings()
    expect(view.mode).toBe("lenient")
    expect(view.points.xml_request_root.accepts).toBe("any")
    expect(view.received.every((r) => r.refused === 0)).toBe(true)
    expect(view.received.map((r) => r.reading)).toEqual(["xml", "json", "request", "order_no_transaction_id"])
  })

  it("xml_request_root (kept for existing configurations) pins the root; conflicting or unknown pins are refused at start", async () => {
    const sb = await sandbox({ xml_request_root: "order" })
    expect([sb.dialect.xml_request_root, sb.dialect.pin.xml_request_root]).toEqual(["order", "order"])
    expect((await sendAs(sb, "checkout", checkoutPayload(), "xml", "order")).status).toBe(200)
    expect((await sendAs(sb, "checkout", checkoutPayload(), "xml", "request")).status).toBe(400)
    expect(
      (await sandbox({ xml_request_root: "xml", pin: { xml_request_root: "xml" } })).dialect.xml_request_root,
    ).toBe("xml")
    expect((await sandbox()).dialect.xml_request_root).toBeNull()

    await expect(startSandbox({ xml_request_root: "order", pin: { xml_request_root: "xml" } })).rejects.toThrow(
      /xml_request_root "order" and pin.xml_request_root "xml" disagree/,
    )
    await expect(
      startSandbox({ pin: { authorise_encoding: "json" }, accepted_encodings: { authorise: ["form"] } }),
    ).rejects.toThrow(/pin.authorise_encoding and accepted_encodings.authorise/)
    await expect(startSandbox({ pin: { xml_root: "request" } } as never)).rejects.toThrow(/Invalid sandbox option pin/)
    await expect(startSandbox({ pin: { payout_encoding: "xml" } } as never)).rejects.toThrow(
      /Invalid sandbox option pin.payout_encoding/,
    )
    await expect(startSandbox({ pin: { retrieval_selection: "ids" } } as never)).rejects.toThrow(
      /pin.retrieval_selection/,
    )
    await expect(startSandbox({ pin: { xml_request_root: "1bad" } })).rejects.toThrow(/pin.xml_request_root/)
  })
})
