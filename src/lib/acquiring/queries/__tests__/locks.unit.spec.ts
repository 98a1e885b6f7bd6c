import {
  acquireLocks,
  MULTI_PAYMENT_GATE,
  paymentLockKeys,
  releaseLocks,
  withPaymentLocks,
  type LeaseLocking,
  type Locking,
} from "../locks"

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

/** acquire/release as the Redis provider does them: each key on its own, a key held by another owner refused. */
function leaseLocking() {
  const held = new Map<string, string>()
  const locking: LeaseLocking = {
    async acquire(keys, args) {
      const refused: string[] = []
      for (const k of [keys].flat()) {
        const owner = held.get(k)
        if (owner && owner !== args?.ownerId) refused.push(k)
        else held.set(k, args!.ownerId!)
      }
      if (refused.length) throw new Error(`Failed to acquire lock for key "${refused[0]}"`)
    },
    async release(keys, args) {
      for (const k of [keys].flat()) if (held.get(k) === args?.ownerId) held.delete(k)
      return true
    },
  }
  return { locking, held }
}

describe("acquireLocks / releaseLocks (locks held across workflow steps)", () => {
  it("takes the gate and the sorted payment keys for one owner, and releaseLocks gives them all back", async () => {
    const { locking, held } = leaseLocking()
    const keys = paymentLockKeys(["pay_b", "pay_a", "pay_b"])
    expect(keys).toEqual(["acquiring:payment:pay_a", "acquiring:payment:pay_b"])
    const lease = await acquireLocks(locking, keys, {
      ownerId: "run-1",
      gate: MULTI_PAYMENT_GATE,
      timeoutSeconds: 1,
      ttlSeconds: 60,
    })
    expect(lease).toEqual({ owner_id: "run-1", keys: [MULTI_PAYMENT_GATE, ...keys] })
    expect([...held.values()]).toEqual(["run-1", "run-1", "run-1"])
    await releaseLocks(locking, lease)
    expect(held.size).toBe(0)
  })

  it("waits for a key another holds and takes it once given back", async () => {
    const { locking, held } = leaseLocking()
    held.set("acquiring:payment:pay_a", "notify")
    setTimeout(() => held.delete("acquiring:payment:pay_a"), 50)
    const lease = await acquireLocks(locking, paymentLockKeys(["pay_a"]), {
      ownerId: "run-1",
      gate: MULTI_PAYMENT_GATE,
      timeoutSeconds: 5,
      ttlSeconds: 60,
      retryMs: 10,
    })
    expect(held.get("acquiring:payment:pay_a")).toBe("run-1")
    await releaseLocks(locking, lease)
  })

  it("on a timeout gives back the part it took (the gate, the free keys) and leaves the other owner's key", async () => {
    const { locking, held } = leaseLocking()
    held.set("acquiring:payment:pay_b", "notify")
    await expect(
      acquireLocks(locking, paymentLockKeys(["pay_a", "pay_b", "pay_c"]), {
        ownerId: "run-1",
        gate: MULTI_PAYMENT_GATE,
        timeoutSeconds: 0.05,
        ttlSeconds: 60,
        retryMs: 10,
      }),
    ).rejects.toThrow('Failed to acquire lock for key "acquiring:payment:pay_b"')
    expect([...held.entries()]).toEqual([["acquiring:payment:pay_b", "notify"]])
  })

  it("no keys: takes nothing, not even the gate", async () => {
    const { locking, held } = leaseLocking()
    const lease = await acquireLocks(locking, [], {
      ownerId: "run-1",
      gate: MULTI_PAYMENT_GATE,
      timeoutSeconds: 1,
      ttlSeconds: 60,
    })
    expect(lease.keys).toEqual([])
    expect(held.size).toBe(0)
  })
})
