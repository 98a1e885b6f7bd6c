import { cardsOf, SAVED_CARDS_DEFAULTS } from "../../../lib/acquiring/saved-cards"
import { holderLockKey } from "../../../lib/acquiring/holder-lock"
import type { Locking } from "../../../lib/acquiring/queries/locks"
import { AccountHolders } from "../core/account-holders"
import { PaymentModuleReads } from "../core/payment-module-reads"

/**
 * Two authorisations of one customer at the same moment each read the holder's cards, add theirs
 * and write the list back: without a lock per holder the second write drops the first card.
 */
const KEY = Buffer.alloc(32, 7)
const cardOf = (last4: string) => ({
  token_id: `tk${last4}0123456789abcdef0123456789`,
  brand: "visa",
  last4,
  exp_month: 12,
  exp_year: 2029,
})
const tick = () => new Promise((r) => setTimeout(r, 5))

/** The payment module's account-holder service over one row, with the database's latency on each call. */
function store(cards: unknown[] = []) {
  let row = { id: "acchld_1", data: { shopper_id: "cus_1", cards } as Record<string, unknown> }
  const service = {
    retrieve: async () => {
      const copy = structuredClone(row)
      await tick()
      return copy
    },
    update: async (u: { id: string; data: Record<string, unknown> }) => {
      await tick()
      row = { id: u.id, data: structuredClone(u.data) }
    },
  }
  return { service, cards: () => cardsOf(row.data) }
}

const logger = { info: jest.fn(), warn: jest.fn() } as never
const holders = (service: unknown, locking: () => Promise<Locking | undefined>) =>
  new AccountHolders(
    new PaymentModuleReads({ accountHolderService: service }),
    logger,
    SAVED_CARDS_DEFAULTS,
    KEY,
    locking,
  )
const ctx = { account_holder: { id: "acchld_1", data: {} } } as never

describe("saved cards: one holder's cards are written one save at a time", () => {
  it("two saves at the same moment both land (in-process gate, no locking module)", async () => {
    const s = store()
    const h = holders(s.service, async () => undefined)
    const [a, b] = await Promise.all([
      h.save({ data: cardOf("1111"), context: ctx }),
      h.save({ data: cardOf("2222"), context: ctx }),
    ])
    expect(
      s
        .cards()
        .map((c) => c.last4)
        .sort(),
    ).toEqual(["1111", "2222"])
    expect(s.cards().map((c) => c.id)).toEqual(expect.arrayContaining([a.id, b.id]))
  })

  it("a delete and a save at the same moment both land", async () => {
    const s = store()
    const h = holders(s.service, async () => undefined)
    const first = await h.save({ data: cardOf("1111"), context: ctx })
    await Promise.all([
      h.deleteMethod({ data: { id: first.id }, context: ctx } as never),
      h.save({ data: cardOf("2222"), context: ctx }),
    ])
    expect(s.cards().map((c) => c.last4)).toEqual(["2222"])
  })

  it("holds Medusa's lock of the holder around the read and the write", async () => {
    const s = store()
    const events: string[] = []
    const locking: Locking = {
      execute: jest.fn(async (key, job) => {
        events.push(`lock ${String(key)}`)
        const out = await job()
        events.push("unlock")
        return out
      }),
    }
    const h = holders(s.service, async () => locking)
    await h.save({ data: cardOf("1111"), context: ctx })
    expect(locking.execute).toHaveBeenCalledWith(holderLockKey("acchld_1"), expect.any(Function), { timeout: 10 })
    expect(events).toEqual(["lock acquiring:account-holder:acchld_1", "unlock"])
    expect(s.cards()).toHaveLength(1)
  })

  it("a failed save does not block the next one of the same holder", async () => {
    const s = store()
    const failing = { ...s.service, update: async () => Promise.reject(new Error("db down")) }
    const h1 = holders(failing, async () => undefined)
    await expect(h1.save({ data: cardOf("1111"), context: ctx })).rejects.toThrow("db down")
    const h2 = holders(s.service, async () => undefined)
    await h2.save({ data: cardOf("2222"), context: ctx })
    expect(s.cards().map((c) => c.last4)).toEqual(["2222"])
  })
})
