import { arrivalClock } from "../arrival-clock"

describe("arrivalClock: when a delivery arrived, in the order deliveries arrived", () => {
  it("gives readings in the same millisecond distinct, increasing times", () => {
    const clock = arrivalClock(() => 1_000)
    expect([clock(), clock(), clock()].map((d) => d.getTime())).toEqual([1_000, 1_001, 1_002])
  })

  it("follows the wall clock once it is ahead again", () => {
    let t = 5_000
    const clock = arrivalClock(() => t)
    expect(clock().getTime()).toBe(5_000)
    expect(clock().getTime()).toBe(5_001)
    t = 9_000
    expect(clock().getTime()).toBe(9_000)
  })
})
