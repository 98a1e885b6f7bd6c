import { parseSandboxOptions } from "../options"
import { Prng } from "../prng"
import { backoffDelay, nextRetryDelay, retrySchedule, type RetryPolicy } from "../retry-schedule"

/**
 * The notification retry schedule of the defaults, computed (never waited for): the gateway retries
 * with exponential backoff and jitter for up to 36 hours (docs/gateway-interface.md §6.3); the
 * sandbox used to stop after about 9 h.
 */
const H = 3_600_000
const defaults: RetryPolicy = parseSandboxOptions({}).notifications
const seeded = (seed: number) => {
  const prng = new Prng(seed)
  return () => prng.next()
}

describe("notification retry schedule", () => {
  it("the defaults retry for close to 36 h and never past it, whatever the jitter", () => {
    for (const seed of [1, 2, 3, 42, 2 ** 31]) {
      const at = retrySchedule(defaults, seeded(seed))
      const last = at[at.length - 1]
      expect(last).toBeLessThanOrEqual(36 * H)
      expect(last).toBeGreaterThan(34 * H) // the next delay (≤ 1.1 h) would pass 36 h
      expect(at.length).toBeGreaterThan(40)
      expect(at.length).toBeLessThanOrEqual(defaults.max_attempts)
    }
  })

  it("grows exponentially from 2 s, capped at 1 h ± 10 % jitter", () => {
    const at = retrySchedule(defaults, seeded(7))
    const gaps = at.slice(1).map((t, i) => t - at[i])
    const plain = (n: number) => Math.min(H, 2_000 * 2 ** n)
    gaps.forEach((gap, n) => {
      expect(gap).toBeGreaterThanOrEqual(Math.floor(plain(n) * 0.9))
      expect(gap).toBeLessThanOrEqual(Math.ceil(plain(n) * 1.1))
    })
    expect(gaps.slice(0, 5).every((g, i) => i === 0 || g > gaps[i - 1])).toBe(true)
    expect(new Set(gaps.slice(-5)).size).toBeGreaterThan(1) // jitter: not all the same
  })

  it("is the same for the same seed (deterministic runs), and without jitter exactly the formula", () => {
    expect(retrySchedule(defaults, seeded(9))).toEqual(retrySchedule(defaults, seeded(9)))
    const flat = { ...defaults, jitter: 0 }
    expect(backoffDelay(flat, 1, Math.random)).toBe(2_000)
    expect(backoffDelay(flat, 11, Math.random)).toBe(2_048_000)
    expect(backoffDelay(flat, 12, Math.random)).toBe(H)
  })

  it("stops at max_attempts or when the next attempt would fall beyond retry_for_ms", () => {
    const p = { ...defaults, jitter: 0, backoff_base_ms: 10, backoff_max_ms: 100 }
    expect(retrySchedule({ ...p, max_attempts: 5 }, Math.random)).toEqual([0, 10, 30, 70, 150])
    expect(retrySchedule({ ...p, retry_for_ms: 150 }, Math.random)).toEqual([0, 10, 30, 70, 150])
    expect(nextRetryDelay({ ...p, retry_for_ms: 149 }, 4, 70, Math.random)).toBeNull()
    expect(nextRetryDelay(p, 4, 70, Math.random)).toBe(80)
  })

  it("the old 20-attempt schedule stopped after about 9 h (the issue's finding): max_attempts still plays it", () => {
    const old = retrySchedule({ ...defaults, jitter: 0, max_attempts: 20 }, Math.random)
    expect(old[old.length - 1] / H).toBeCloseTo(9.14, 1)
  })
})
