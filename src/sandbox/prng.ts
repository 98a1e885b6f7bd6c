import { randomInt } from "node:crypto"

/** mulberry32: small, fast, deterministic for a seed; only drives faults and ids, never secrets. */
export class Prng {
  private state: number
  readonly seed: number
  constructor(seed: number = randomInt(0, 2 ** 32 - 1)) {
    this.seed = seed >>> 0
    this.state = this.seed
  }
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0)
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
  int(n: number): number {
    return Math.floor(this.next() * n)
  }
  hex(chars: number): string {
    let s = ""
    while (s.length < chars) s += this.int(16).toString(16)
    return s
  }
}
