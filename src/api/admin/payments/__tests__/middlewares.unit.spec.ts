import { EventEmitter } from "node:events"
import { Modules } from "@medusajs/framework/utils"
import { InMemoryLockingProvider } from "@medusajs/locking/dist/providers/in-memory"
import {
  acquireLocks,
  MULTI_PAYMENT_GATE,
  paymentLockKeys,
  releaseLocks,
} from "../../../../lib/acquiring/queries/locks"
import { lockKey } from "../../../../lib/acquiring/queries/payments"
import { adminPaymentMiddlewares, holdPaymentLock } from "../middlewares"

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** A response as the middleware uses it: status/json end it, as Express's do; "close" is emitted by hand. */
function response() {
  const res = Object.assign(new EventEmitter(), {
    statusCode: 200,
    body: undefined as unknown,
    ended: false,
    status(code: number) {
      res.statusCode = code
      return res
    },
    json(body: unknown) {
      res.body = body
      return res.end()
    },
    end() {
      res.ended = true
      return res
    },
  })
  return res
}

function setup() {
  const locking = new InMemoryLockingProvider()
  const warnings: string[] = []
  const scope = {
    resolve: (key: string) => (key === Modules.LOCKING ? locking : { warn: (m: string) => warnings.push(m) }),
  }
  /** Run the middleware on payment `id`; resolves when it called next (true) or answered itself (false). */
  const run = (mw: ReturnType<typeof holdPaymentLock>, id: string, res = response()) =>
    new Promise<{ next: boolean; res: ReturnType<typeof response> }>((resolve, reject) => {
      Promise.resolve(mw({ params: { id }, scope } as any, res as any, () => resolve({ next: true, res }))).then(
        () => res.ended && resolve({ next: false, res }),
        reject,
      )
    })
  /** Whether another owner can take the key now. */
  const free = async (key: string) => {
    try {
      await locking.acquire(key, { ownerId: "probe" })
      await locking.release(key, { ownerId: "probe" })
      return true
    } catch {
      return false
    }
  }
  return { locking, run, free, warnings }
}

const fast = () => holdPaymentLock({ waitSeconds: 0.3, leaseSeconds: 60 })

describe("holdPaymentLock (Medusa's refund and capture routes)", () => {
  it("is declared for both money routes of Medusa's payments", () => {
    expect(adminPaymentMiddlewares.map((m) => [m.matcher, m.methods])).toEqual([
      ["/admin/payments/:id/capture", ["POST"]],
      ["/admin/payments/:id/refund", ["POST"]],
    ])
  })

  it("holds acquiring:payment:<id> from before the handler until the response ends, not until the client leaves", async () => {
    const { run, free } = setup()
    const { next, res } = await run(fast(), "pay_1")
    expect(next).toBe(true)
    expect(await free(lockKey("pay_1"))).toBe(false)
    expect(await free(lockKey("pay_2"))).toBe(true)
    // The client goes away: the handler may still be refunding, so the lock stays.
    res.emit("close")
    expect(await free(lockKey("pay_1"))).toBe(false)
    res.status(400).json({ message: "refused" })
    await sleep(0)
    expect(await free(lockKey("pay_1"))).toBe(true)
  })

  it("waits for the lock while another operation holds it, then goes on", async () => {
    const { locking, run } = setup()
    await locking.acquire(lockKey("pay_1"), { ownerId: "bulk", expire: 60 })
    const t0 = Date.now()
    const waiting = run(holdPaymentLock({ waitSeconds: 5, leaseSeconds: 60 }), "pay_1")
    await sleep(250)
    await locking.release(lockKey("pay_1"), { ownerId: "bulk" })
    const { next } = await waiting
    expect(next).toBe(true)
    expect(Date.now() - t0).toBeGreaterThanOrEqual(250)
  })

  it("answers 409 (another operation in progress, try again) when the wait runs out, and holds nothing", async () => {
    const { locking, run } = setup()
    await locking.acquire(lockKey("pay_1"), { ownerId: "bulk", expire: 60 })
    const { next, res } = await run(fast(), "pay_1")
    expect(next).toBe(false)
    expect(res.statusCode).toBe(409)
    expect(res.body).toEqual({
      type: "conflict",
      message: "Another operation on payment pay_1 is in progress; try again in a moment.",
    })
    await locking.release(lockKey("pay_1"), { ownerId: "bulk" })
    const again = await run(fast(), "pay_1")
    expect(again.next).toBe(true)
  })

  it("never deadlocks with a multi-payment locker (gate, then sorted keys), whichever starts first", async () => {
    const { locking, run } = setup()
    const keys = paymentLockKeys(["pay_2", "pay_1"])
    // The bulk call holds its payments: the route waits, then runs.
    const bulk = await acquireLocks(locking, keys, {
      ownerId: "bulk-1",
      gate: MULTI_PAYMENT_GATE,
      timeoutSeconds: 1,
      ttlSeconds: 60,
    })
    const route = run(holdPaymentLock({ waitSeconds: 5, leaseSeconds: 60 }), "pay_2")
    await sleep(150)
    await releaseLocks(locking, bulk)
    const { res } = await route
    // The route holds one payment: the next bulk call waits for it, then takes all of them.
    const bulk2 = acquireLocks(locking, keys, {
      ownerId: "bulk-2",
      gate: MULTI_PAYMENT_GATE,
      timeoutSeconds: 5,
      ttlSeconds: 60,
    })
    await sleep(150)
    res.json({ payment: {} })
    expect((await bulk2).keys).toEqual([MULTI_PAYMENT_GATE, ...keys])
  })

  it("a failed release is logged and ends with the lease", async () => {
    const { locking, run, warnings } = setup()
    const { res } = await run(fast(), "pay_1")
    locking.release = async () => {
      throw new Error("redis down")
    }
    res.json({})
    await sleep(0)
    expect(warnings).toEqual([
      "acquiring: releasing the lock of payment pay_1 failed (redis down); it ends with its lease",
    ])
  })
})
