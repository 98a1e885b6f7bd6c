import { useAcquiringEnv } from "./helpers/acquiring-env"
import { acquiringTestRunner } from "./helpers/acquiring-suite"
import { adminOrder } from "./helpers/acquiring-store"
import { placeOrder, requestMark, requestsSince } from "./helpers/acquiring-orders"

jest.setTimeout(300_000)

/** The sandbox's card that the fraud check holds for review (payment_status 1100). */
const REVIEW_CARD = "4000000000009235"

const env = useAcquiringEnv()

acquiringTestRunner(({ api, getContainer, seed, admin }) => {
  const adminPost = admin.post
  const adminGet = admin.get

  it("lists held payments with fraud checks; accept authorises, reject cancels, one /v1/review for both; a retry sends nothing", async () => {
    const sandbox = env.sandbox()
    const a = await placeOrder(api, seed, sandbox, { card: REVIEW_CARD })
    const b = await placeOrder(api, seed, sandbox, { card: REVIEW_CARD })
    const ok = await placeOrder(api, seed, sandbox)

    const list = await adminGet("/admin/acquiring/review")
    expect(list.status).toBe(200)
    const held = list.data.held_payments as any[]
    expect(held.map((h) => h.order_id).sort()).toEqual([a.order_id, b.order_id].sort())
    const ha = held.find((h) => h.order_id === a.order_id)
    expect(ha).toMatchObject({
      order_no: a.order_no,
      amount: "32.89",
      currency: "EUR",
      payment_session_id: a.payment_session_id,
    })
    expect(ha.transaction_id).toMatch(/^T\d+$/)
    expect(ha.fraud_check_result).toEqual(expect.arrayContaining([expect.objectContaining({ status: "REJECT" })]))
    expect(held.some((h) => h.order_id === ok.order_id)).toBe(false)

    // Held orders are placed with no payment yet (pending authorisation).
    expect((await adminOrder(api, seed, a.order_id)).payment_collections[0].payments ?? []).toHaveLength(0)

    const mark = requestMark(sandbox)
    const res = await adminPost("/admin/acquiring/review", {
      decisions: [
        { order_id: a.order_id, decision: "accept" },
        { order_id: b.order_id, decision: "reject" },
      ],
    })
    expect(res.status).toBe(200)
    expect(res.data.results).toEqual([
      expect.objectContaining({ order_id: a.order_id, status: "accepted" }),
      expect.objectContaining({ order_id: b.order_id, status: "rejected" }),
    ])
    const reviews = requestsSince(sandbox, "/v1/review", mark)
    expect(reviews).toHaveLength(1)
    expect((reviews[0].body as any).review_orders.map((o: any) => [o.order_no, o.review_flag])).toEqual([
      [a.order_no, "1"],
      [b.order_no, "0"],
    ])
    expect(sandbox.inspect.order(a.order_no)!.state).toBe("authorised")
    expect(sandbox.inspect.order(b.order_no)!.state).toBe("declined")

    const accepted = await adminOrder(api, seed, a.order_id)
    const payment = accepted.payment_collections[0].payments[0]
    expect(payment.provider_id).toBe("pp_acquiring_acquiring")
    expect(payment.canceled_at).toBeNull()
    expect(accepted.metadata.acquiring_review).toMatchObject({ decision: "accept", transaction_id: ha.transaction_id })
    expect(accepted.metadata.acquiring_review.decided_by).toMatch(/^user_/)
    const rejected = await adminOrder(api, seed, b.order_id)
    expect(rejected.status).toBe("canceled")
    expect(rejected.metadata.acquiring_review.decision).toBe("reject")

    // Nothing is held any more; a retried call sends nothing and changes nothing.
    expect((await adminGet("/admin/acquiring/review")).data.held_payments).toEqual([])
    const mark2 = requestMark(sandbox)
    const retry = await adminPost("/admin/acquiring/review", {
      decisions: [
        { order_id: a.order_id, decision: "accept" },
        { order_id: b.order_id, decision: "reject" },
      ],
    })
    expect(retry.data.results.map((r: any) => r.status)).toEqual(["already_decided", "already_decided"])
    expect(requestsSince(sandbox, "/v1/review", mark2)).toHaveLength(0)
    expect((await adminOrder(api, seed, a.order_id)).payment_collections[0].payments).toHaveLength(1)

    // The opposite decision on a decided payment is refused with the reason.
    const flip = await adminPost("/admin/acquiring/review", {
      decisions: [{ order_id: a.order_id, decision: "reject" }],
    })
    expect(flip.data.results[0]).toMatchObject({ status: "failed", error: "the gateway already accepted this payment" })
    expect((await adminOrder(api, seed, a.order_id)).status).not.toBe("canceled")
  })

  it("a decision the gateway made while Medusa missed it is finished by a retried call without a second /v1/review", async () => {
    const sandbox = env.sandbox()
    const a = await placeOrder(api, seed, sandbox, { card: REVIEW_CARD })
    await sandbox.notifications.settle(10_000)
    // The gateway applies the review, the answer is lost, and so is its notification.
    sandbox.faults.add({ target: "review", kind: "error", status: 503, after_effect: true, count: 1 })
    sandbox.faults.add({ target: "notifications", kind: "drop", count: 1 })
    const first = await adminPost("/admin/acquiring/review", {
      decisions: [{ order_id: a.order_id, decision: "accept" }],
    })
    expect(first.data.results[0].status).toBe("failed")
    expect(first.data.results[0].error).toMatch(/gateway/)
    expect(sandbox.inspect.order(a.order_no)!.state).toBe("authorised")
    expect((await adminOrder(api, seed, a.order_id)).payment_collections[0].payments ?? []).toHaveLength(0)

    const mark = requestMark(sandbox)
    const retry = await adminPost("/admin/acquiring/review", {
      decisions: [{ order_id: a.order_id, decision: "accept" }],
    })
    expect(retry.data.results[0].status).toBe("accepted")
    expect(requestsSince(sandbox, "/v1/review", mark)).toHaveLength(0)
    expect((await adminOrder(api, seed, a.order_id)).payment_collections[0].payments).toHaveLength(1)
  })

  it("rejects bad input naming the field", async () => {
    const res = await adminPost("/admin/acquiring/review", { decisions: [{ order_id: "nope", decision: "maybe" }] })
    expect(res.status).toBe(400)
    expect(res.data.message).toContain("decisions[0].order_id: must be a Medusa order id")
    expect(res.data.message).toContain("decisions[0].decision")
  })

  it("settings show accounts and currencies, never keys; test credentials signs a retrievalTrans per account", async () => {
    const sandbox = env.sandbox()
    const settings = await adminGet("/admin/acquiring/settings")
    expect(settings.status).toBe(200)
    const text = JSON.stringify(settings.data)
    expect(text).not.toContain("sandbox-key")
    expect(text).not.toContain("snapshot-secret")
    const acq = settings.data.providers.find((p: any) => p.config_id === "acquiring")
    expect(acq).toMatchObject({
      merchant_id: "1000001",
      mode: "test",
      provider_ids: ["pp_acquiring_acquiring", "pp_acquiring-apm_acquiring"],
      accounts: [{ account_id: "100000101", currencies: [], fallback: true }],
      reconciliation: { enabled: false, interval_minutes: 15 },
    })

    const mark = requestMark(sandbox)
    const good = await adminPost("/admin/acquiring/settings/test-credentials", { config_id: "acquiring" })
    expect(good.status).toBe(200)
    expect(good.data).toMatchObject({
      ok: true,
      results: [{ config_id: "acquiring", account_id: "100000101", ok: true }],
    })
    const probes = requestsSince(sandbox, "/v1/retrievalTrans", mark)
    expect(probes).toHaveLength(1)
    expect(probes[0].status).toBe(200)
    expect(probes[0].result?.return_status).toBe("1")

    sandbox.faults.add({ target: "retrievalTrans", kind: "error", status: 503, count: 1 })
    const bad = await adminPost("/admin/acquiring/settings/test-credentials", { config_id: "acquiring" })
    expect(bad.data.ok).toBe(false)
    expect(bad.data.results[0].error.kind).toBeTruthy()
    expect(JSON.stringify(bad.data)).not.toContain("sandbox-key")

    expect((await adminPost("/admin/acquiring/settings/test-credentials", { config_id: "nope" })).status).toBe(404)
  })
})
