import { mapLimit } from "../concurrency"
import { echoBatch, makeClient, orders } from "./helpers/fake-gateway"

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe("mapLimit", () => {
  it("keeps the items' order whatever order the calls finish in, with at most `limit` in flight", async () => {
    let inFlight = 0
    let most = 0
    const out = await mapLimit([30, 5, 20, 1, 10, 2], 3, async (ms, i) => {
      most = Math.max(most, ++inFlight)
      await tick(ms)
      inFlight--
      return `${i}:${ms}`
    })
    expect(out).toEqual(["0:30", "1:5", "2:20", "3:1", "4:10", "5:2"])
    expect(most).toBe(3)
  })

  it("a failure rejects the call and starts nothing after it", async () => {
    const started: number[] = []
    const err = await mapLimit([0, 1, 2, 3, 4, 5], 2, async (n) => {
      started.push(n)
      await tick(5)
      if (n === 1) throw new Error("boom")
      return n
    }).catch((e) => e)
    expect(err.message).toBe("boom")
    await tick(20)
    expect(started).toEqual([0, 1, 2])
  })
})

describe("concurrent chunks of one call", () => {
  it("sends up to max_concurrent_requests chunks at once and still answers in request order", async () => {
    let inFlight = 0
    let most = 0
    const { client, calls } = makeClient(
      async (req, n) => {
        most = Math.max(most, ++inFlight)
        await tick(n === 0 ? 40 : 5) // the first chunk answers last
        inFlight--
        return echoBatch("capture_orders", "capture_status")(req, n)
      },
      { max_concurrent_requests: 3 },
    )
    const all = orders(260)
    const res = await client.capture({ capture_orders: all })
    expect(calls).toHaveLength(6)
    expect(most).toBe(3)
    expect(res.requests).toBe(6)
    expect(res.results.map((r) => r.transaction_id)).toEqual(all.map((o) => o.transaction_id))
  })

  it("max_concurrent_requests 1 sends one request after another", async () => {
    let inFlight = 0
    let most = 0
    const { client } = makeClient(
      async (req, n) => {
        most = Math.max(most, ++inFlight)
        await tick(2)
        inFlight--
        return echoBatch("cancel_orders", "cancel_status")(req, n)
      },
      { max_concurrent_requests: 1 },
    )
    await client.cancel({ cancel_orders: orders(120) })
    expect(most).toBe(1)
  })
})
