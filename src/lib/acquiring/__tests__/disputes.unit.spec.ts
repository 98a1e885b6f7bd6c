import {
  disputeReadingOf,
  mergeDispute,
  parseDisputes,
  readDisputeNotice,
  type DisputeNotice,
  type TrackedDispute,
} from "../disputes"

const NOW = new Date("2026-03-01T10:00:00.000Z")
const defaults = disputeReadingOf({})
const body = (extra: Record<string, unknown> = {}) => ({
  notify_type: "dispute",
  order_no: "payses01JABCDEFGHJKMNPQRSTVWXYZ0",
  transaction_id: "T1",
  dispute_id: "D1",
  dispute_status: "opened",
  dispute_reason: "Fraudulent transaction",
  dispute_amount: "20.5",
  dispute_deadline: "2030-01-31",
  dispute_date: "20260228093000",
  ...extra,
})
const notice = (extra: Record<string, unknown> = {}) => readDisputeNotice(body(extra), defaults, "T1", NOW)

describe("reading a dispute notification", () => {
  it("reads the default snake_case fields: amount to two decimals, the gateway's date as when it happened", () => {
    expect(notice()).toEqual({
      id: "D1",
      status: "opened",
      gateway_status: "opened",
      reason: "Fraudulent transaction",
      amount: "20.50",
      deadline: "2030-01-31",
      at: "2026-02-28T09:30:00Z",
      dated: true,
      problems: [],
    })
  })

  it("takes overridden field names and a status map (keys case-insensitive); unknown options keep the defaults", () => {
    const reading = disputeReadingOf({
      dispute_fields: { id: "chargeback_id", status: "chargeback_state" },
      dispute_status_map: { "CB-WON": "won", RETRIEVAL: "under_review" },
    })
    const n = readDisputeNotice(
      { chargeback_id: "CB9", chargeback_state: "cb-won", dispute_reason: "Not received" },
      reading,
      "T1",
      NOW,
    )
    expect(n).toMatchObject({
      id: "CB9",
      status: "won",
      gateway_status: "cb-won",
      reason: "Not received",
      amount: null,
      deadline: null,
      at: NOW.toISOString(),
    })
    expect(readDisputeNotice({ chargeback_state: "Retrieval" }, reading, "T1", NOW).status).toBe("under_review")
    expect(disputeReadingOf({ dispute_fields: { id: "bad name!" } })).toEqual(defaults)
  })

  it("names a dispute without an id by its transaction; an unknown status, a bad amount and any control characters are reported, not fatal", () => {
    const n = readDisputeNotice(
      body({
        dispute_id: "",
        dispute_status: "pre_arbitration",
        dispute_amount: "12,50",
        dispute_reason: "line\r\nbreak",
      }),
      defaults,
      "T1",
      NOW,
    )
    expect(n).toMatchObject({
      id: "T1",
      status: null,
      gateway_status: "pre_arbitration",
      amount: null,
      reason: "line  break",
    })
    expect(n.problems).toEqual([expect.stringContaining("unknown dispute status"), "dispute_amount is not an amount"])
  })

  it("reads deadlines in the gateway's compact form and ISO times; keeps a text it cannot read", () => {
    expect(notice({ dispute_deadline: "20300131235959" }).deadline).toBe("2030-01-31T23:59:59Z")
    expect(notice({ dispute_deadline: "2030-01-31T12:00:00+02:00" }).deadline).toBe("2030-01-31T10:00:00.000Z")
    expect(notice({ dispute_deadline: "in ten days" }).deadline).toBe("in ten days")
  })

  it("reads only the body's own fields", () => {
    const proto = Object.create({ dispute_reason: "inherited" })
    expect(readDisputeNotice(Object.assign(proto, { dispute_id: "D1" }), defaults, "T1", NOW).reason).toBeNull()
  })
})

describe("merging a dispute into payment.data.disputes", () => {
  const open = notice()
  const lost: DisputeNotice = { ...notice({ dispute_status: "lost", dispute_date: "20260310120000" }) }

  it("a new dispute is opened once; the same notice again changes nothing", () => {
    const first = mergeDispute([], open)
    expect(first).toMatchObject({ opened: true, closed: false, changed: true })
    expect(first.disputes).toEqual([
      {
        id: "D1",
        status: "opened",
        gateway_status: "opened",
        reason: "Fraudulent transaction",
        amount: "20.50",
        deadline: "2030-01-31",
        opened_at: "2026-02-28T09:30:00Z",
        closed_at: null,
        history: [
          { status: "opened", gateway_status: "opened", at: "2026-02-28T09:30:00Z", received_at: expect.any(String) },
        ],
      },
    ])
    const again = mergeDispute(first.disputes, open)
    expect(again).toMatchObject({ opened: false, closed: false, changed: false })
    // Delivered again without the gateway's date: placed at its receipt, still the same status.
    const undated = mergeDispute(first.disputes, { ...open, at: new Date().toISOString(), dated: false })
    expect(undated).toMatchObject({ opened: false, closed: false, changed: false })
    expect(again).toMatchObject({ opened: false, closed: false, changed: false })
    expect(again.disputes).toEqual(first.disputes)
  })

  it("a final status closes it once; a repeated or a late open notice never reopens it", () => {
    const opened = mergeDispute([], open).disputes
    const closed = mergeDispute(opened, lost)
    expect(closed).toMatchObject({ opened: false, closed: true, changed: true })
    expect(closed.dispute).toMatchObject({
      status: "lost",
      opened_at: "2026-02-28T09:30:00Z",
      closed_at: "2026-03-10T12:00:00Z",
    })
    expect(mergeDispute(closed.disputes, lost)).toMatchObject({ closed: false, changed: false })
    expect(mergeDispute(closed.disputes, open)).toMatchObject({
      opened: false,
      closed: false,
      changed: false,
      disputes: closed.disputes,
    })
  })

  it("a closing notice that arrives first opens and closes the dispute in one change", () => {
    const first = mergeDispute([], lost)
    expect(first).toMatchObject({ opened: true, closed: true, changed: true })
    expect(first.dispute.closed_at).toBe("2026-03-10T12:00:00Z")
  })

  it("an unknown status keeps the status it had (opened for a new dispute); a final outcome may still change, without a second close", () => {
    const unknown = { ...open, status: null, gateway_status: "pre_arbitration" }
    expect(mergeDispute([], unknown).dispute).toMatchObject({ status: "opened", gateway_status: "pre_arbitration" })
    const closed = mergeDispute(mergeDispute([], open).disputes, lost).disputes
    const reversed = mergeDispute(closed, { ...lost, status: "won", gateway_status: "won" })
    expect(reversed).toMatchObject({
      closed: false,
      changed: true,
      dispute: { status: "won", closed_at: "2026-03-10T12:00:00Z" },
    })
  })

  it("the latest report by the gateway's date is the status: a genuine later open reopens a won dispute, with opened due again", () => {
    const won = notice({ dispute_status: "won", dispute_date: "20260310120000" })
    const reopened = notice({ dispute_status: "opened", dispute_date: "20260320080000" })
    const closed = mergeDispute(mergeDispute([], open).disputes, won)
    expect(closed).toMatchObject({ closed: true, dispute: { status: "won" } })
    const again = mergeDispute(closed.disputes, reopened)
    expect(again).toMatchObject({ opened: true, closed: false, changed: true })
    expect(again.dispute).toMatchObject({ status: "opened", closed_at: null, opened_at: "2026-02-28T09:30:00Z" })
    expect(again.dispute.history.map((r) => [r.status, r.at])).toEqual([
      ["opened", "2026-02-28T09:30:00Z"],
      ["won", "2026-03-10T12:00:00Z"],
      ["opened", "2026-03-20T08:00:00Z"],
    ])
    // Won again later: closed is due again, at the new date.
    const rewon = mergeDispute(again.disputes, notice({ dispute_status: "won", dispute_date: "20260401000000" }))
    expect(rewon).toMatchObject({ closed: true, dispute: { status: "won", closed_at: "2026-04-01T00:00:00Z" } })
  })

  it("a report older than the current one is kept in the history but changes no status and emits nothing", () => {
    const won = notice({ dispute_status: "won", dispute_date: "20260310120000" })
    const closed = mergeDispute([], won)
    const late = mergeDispute(closed.disputes, open) // opened on 28 Feb, delivered after the won of 10 Mar
    expect(late).toMatchObject({ opened: false, closed: false, changed: true, dispute: { status: "won" } })
    expect(late.dispute.history).toHaveLength(2)
    expect(late.dispute.opened_at).toBe("2026-02-28T09:30:00Z")
  })

  it("without the gateway's date an open after a final status changes nothing (it cannot be placed)", () => {
    const closed = mergeDispute(mergeDispute([], open).disputes, lost).disputes
    const undated = readDisputeNotice(
      body({ dispute_date: undefined }),
      defaults,
      "T1",
      new Date("2026-05-01T00:00:00Z"),
    )
    expect(undated.dated).toBe(false)
    expect(mergeDispute(closed, undated)).toMatchObject({ changed: false, dispute: { status: "lost" } })
  })

  it("an unconfirmed report (the payment notification's signature) is recorded and marked, but announces nothing", () => {
    const first = mergeDispute([], { ...open, unconfirmed: true })
    expect(first).toMatchObject({ opened: false, closed: false, changed: true })
    expect(first.dispute).toMatchObject({ status: "opened", history: [expect.objectContaining({ unconfirmed: true })] })
    const closed = mergeDispute(first.disputes, { ...lost, unconfirmed: true })
    expect(closed).toMatchObject({ opened: false, closed: false, changed: true })
    expect(closed.dispute.status).toBe("lost")
    // Undated and unconfirmed again: a repeat, nothing changes.
    expect(mergeDispute(closed.disputes, { ...lost, unconfirmed: true, dated: false })).toMatchObject({
      changed: false,
    })
  })

  it("the first confirmed report after unconfirmed ones is new, even with their status and date: its events are due once", () => {
    const unconfirmed = mergeDispute([], { ...open, unconfirmed: true }).disputes
    const confirmed = mergeDispute(unconfirmed, open)
    expect(confirmed).toMatchObject({ opened: true, closed: false, changed: true })
    expect(confirmed.dispute.history.map((r) => !!r.unconfirmed)).toEqual([true, false])
    expect(mergeDispute(confirmed.disputes, open)).toMatchObject({ changed: false })
    // Undated, it still counts: nothing confirmed came before it.
    const undated = mergeDispute(unconfirmed, { ...open, at: NOW.toISOString(), dated: false })
    expect(undated).toMatchObject({ opened: true, changed: true })
    // A confirmed final status after an unconfirmed one closes it for listeners, once.
    const lostFirst = mergeDispute([], { ...lost, unconfirmed: true }).disputes
    expect(mergeDispute(lostFirst, lost)).toMatchObject({ opened: true, closed: true, changed: true })
  })

  it("keeps other disputes and drops entries that are not disputes when reading", () => {
    // Stored before disputes kept their history: parseDisputes gives it an empty one.
    const other: Omit<TrackedDispute, "history"> = {
      id: "D0",
      status: "won",
      gateway_status: "won",
      reason: null,
      amount: null,
      deadline: null,
      opened_at: "x",
      closed_at: "y",
    }
    const known = parseDisputes([other, { id: 5 }, "junk"])
    expect(known).toEqual([{ ...other, history: [] }])
    expect(mergeDispute(known, open).disputes.map((d) => d.id)).toEqual(["D0", "D1"])
    expect(parseDisputes({ not: "a list" })).toEqual([])
  })
})
