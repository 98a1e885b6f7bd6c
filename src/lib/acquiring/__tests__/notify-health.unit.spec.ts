import { readAnswer, readFailure } from "../notify-health/check-address"
import { foldHealth, reasonOf } from "../notify-health/fold"

const provider = {
  config_id: "acquiring",
  provider_ids: ["pp_acquiring_acquiring", "pp_acquiring-apm_acquiring"],
  mode: "test" as const,
  account_ids: ["100000101"],
  notify_url: "http://shop.test/hooks/acquiring/notify",
}
const now = new Date("2026-11-27T12:00:00Z")

describe("foldHealth", () => {
  it("shows the last accepted and refused delivery of the provider's accounts with the reason", () => {
    const [h] = foldHealth(
      [provider],
      [
        {
          account_id: "100000101",
          verdict: "accepted",
          at: new Date("2026-11-27T10:00:00Z"),
          reply_status: 200,
          reply_body: "success",
          notify_type: "payment",
          order_no: "A1",
          test: false,
        },
        {
          account_id: "100000101",
          verdict: "refused",
          at: new Date("2026-11-27T11:00:00Z"),
          reply_status: 401,
          reply_body: '{"type":"unauthorized","message":"signature does not verify"}',
          notify_type: "payment",
          order_no: "A2",
          test: false,
        },
        {
          account_id: "999",
          verdict: "refused",
          at: new Date("2026-11-27T11:30:00Z"),
          reply_status: 404,
          reply_body: "x",
          notify_type: null,
          order_no: null,
          test: false,
        },
      ],
      [],
      now,
    )
    expect(h.last_accepted).toMatchObject({ at: "2026-11-27T10:00:00.000Z", reason: null })
    expect(h.last_refused).toMatchObject({ status: 401, reason: "signature does not verify", order_no: "A2" })
    expect(h.warnings).toEqual([])
  })

  it("warns of paid orders without a notification and of silence while payments were made", () => {
    const [h] = foldHealth(
      [provider],
      [
        {
          account_id: "100000101",
          verdict: "accepted",
          at: new Date("2026-11-25T00:00:00Z"),
          reply_status: 200,
          reply_body: "success",
          notify_type: "payment",
          order_no: "A1",
          test: false,
        },
      ],
      [
        {
          provider_id: "pp_acquiring_acquiring",
          paid: 4,
          unnotified: 3,
          latest_paid: new Date("2026-11-27T09:00:00Z"),
        },
      ],
      now,
    )
    expect(h.paid).toBe(4)
    expect(h.warnings[0]).toBe("3 paid gateway orders got no accepted notification")
    expect(h.warnings[1]).toMatch(/no notification accepted since 2026-11-25T00:00:00.000Z/)
  })

  it("keeps the admin's test notification apart from the gateway's deliveries", () => {
    const row = (at: string, test: boolean) => ({
      account_id: "100000101",
      verdict: "accepted" as const,
      at: new Date(at),
      reply_status: 200,
      reply_body: "success",
      notify_type: test ? "test" : "payment",
      order_no: test ? "T1" : "A1",
      test,
    })
    const [h] = foldHealth([provider], [row("2026-11-27T10:00:00Z", false), row("2026-11-27T11:00:00Z", true)], [], now)
    expect(h.last_accepted).toMatchObject({ order_no: "A1" })
    expect(h.last_test).toMatchObject({ order_no: "T1", status: 200, reason: null })
  })

  it("reads our refusal's message, or the reply as it came", () => {
    expect(reasonOf('{"type":"not_found","message":"unknown order"}')).toBe("unknown order")
    expect(reasonOf("<html>502</html>")).toBe("<html>502</html>")
  })
})

describe("check address verdicts", () => {
  const url = "https://shop.test/hooks/acquiring/notify"
  it("our own refusal means reachable", () => {
    const c = readAnswer(url, {
      status: 400,
      headers: { "content-type": "application/json" },
      body: '{"type":"invalid_data","message":"order_no is missing"}',
    })
    expect(c).toMatchObject({ ok: true, problem: null, status: 400 })
  })
  it("a redirect, a 404 and a proxy's answer are problems", () => {
    expect(readAnswer(url, { status: 301, headers: { location: "https://www.shop.test/x" }, body: "" })).toMatchObject({
      ok: false,
      problem: "redirect",
      location: "https://www.shop.test/x",
    })
    expect(readAnswer(url, { status: 404, headers: {}, body: "" })).toMatchObject({ ok: false, problem: "http_error" })
    expect(readAnswer(url, { status: 503, headers: { server: "nginx" }, body: "<html>" }).message).toMatch(
      /503 from nginx/,
    )
    expect(readAnswer(url, { status: 200, headers: {}, body: "ok" })).toMatchObject({ ok: false, problem: "proxy" })
  })
  it("refused, TLS and DNS failures are told apart", () => {
    expect(readFailure(url, Object.assign(new Error(), { code: "ECONNREFUSED" })).problem).toBe("refused")
    expect(readFailure(url, Object.assign(new Error(), { code: "DEPTH_ZERO_SELF_SIGNED_CERT" })).problem).toBe("tls")
    expect(readFailure(url, Object.assign(new Error(), { code: "ENOTFOUND" })).problem).toBe("dns")
  })
})
