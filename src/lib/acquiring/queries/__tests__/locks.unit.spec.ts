import { MULTI_PAYMENT_GATE, withPaymentLocks, type Locking } from "../locks"

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * Locking as the Redis provider behaves: each key of a list is taken on its own, in parallel,
 * after a round trip (here: 1 ms × its position), retried until the timeout; keys taken by a
 * call that timed out stay held (the lease). Also records who held which key when.
 */
function redisLikeLocking() {
  const held = new Map<string, number>()
  const overlaps: string[] = []
  let owners = 0
  const take = async (key: string, owner: number, position: number, deadline: number) => {
    await sleep(position + 1)
    for (;;) {
      if (!held.has(key)) return void held.set(key, owner)
      if (Date.now() > deadline) throw new Error(`Timed-out acquiring lock ${key}`)
      await sleep(2)
    }
  }
  const locking: Locking = {
    async execute(keys, job, args) {
      const list = Array.isArray(keys) ? keys : [keys]
      const owner = ++owners
      const deadline = Date.now() + (args?.timeout ?? 5) * 1000
      await Promise.all(list.map((k, i) => take(k, owner, i, deadline)))
      for (const k of list) if (held.get(k) !== owner) overlaps.push(k)
      try {
        return await job()
      } finally {
        for (const k of list) if (held.get(k) === owner) held.delete(k)
      }
    },
  }
  return { locking, held, overlaps }
}

describe("withPaymentLocks", () => {
  it("two callers with overlapping payments in opposite order both finish, one after the other", async () => {
    const { locking, held, overlaps } = redisLikeLocking()
    const ids = ["pay_1", "pay_2", "pay_3", "pay_4"]
    const inside: string[] = []
    const job = (name: string) => async () => {
      inside.push(`${name} in`)
      await sleep(20)
      inside.push(`${name} out`)
      return name
    }
    const results = await Promise.all([
      withPaymentLocks(locking, ids, job("a"), 0.5),
      withPaymentLocks(locking, [...ids].reverse(), job("b"), 0.5),
    ])
    expect(results).toEqual(["a", "b"])
    expect(inside).toEqual(["a in", "a out", "b in", "b out"])
    expect(overlaps).toEqual([])
    expect(held.size).toBe(0)
  })

  it("the same two calls without the gate deadlock on this provider (what the gate prevents)", async () => {
    const { locking } = redisLikeLocking()
    const keys = ["k1", "k2", "k3", "k4"]
    const outcome = await Promise.allSettled([
      locking.execute(keys, async () => "a", { timeout: 0.2 }),
      locking.execute([...keys].reverse(), async () => "b", { timeout: 0.2 }),
    ])
    expect(outcome.map((o) => o.status)).toEqual(["rejected", "rejected"])
  })

  it("locks each payment once under acquiring:payment:<id>, sorted, after the gate; no payments → no lock", async () => {
    const calls: Array<string | string[]> = []
    const locking: Locking = {
      async execute(keys, job) {
        calls.push(keys)
        return job()
      },
    }
    await withPaymentLocks(locking, ["pay_b", "pay_a", "pay_b"], async () => null, 10)
    expect(calls).toEqual([MULTI_PAYMENT_GATE, ["acquiring:payment:pay_a", "acquiring:payment:pay_b"]])
    calls.length = 0
    expect(await withPaymentLocks(locking, [], async () => 7, 10)).toBe(7)
    expect(calls).toEqual([])
  })
})
