import { acquireLocks, MULTI_PAYMENT_GATE, paymentLockKeys, releaseLocks, type LeaseLocking } from "../locks"

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
