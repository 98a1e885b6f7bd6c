import { PaymentModuleReads } from "../core/payment-module-reads"

/**
 * The adapter over the payment module's container: which service each read asks, with what, and what
 * it gives back when the module has no such service or the row cannot be read. The real services are
 * exercised on both ends of the peer range by the integration specs (checkout and capture, saved cards,
 * kept authorisations), in the integration:http and integration:compat kinds.
 */
const retrieving = (rows: Record<string, unknown>) =>
  jest.fn(async (id: string) => {
    if (!(id in rows)) throw new Error(`${id} not found`)
    return rows[id]
  })

/** Awilix's cradle throws for a name it has no registration of. */
const cradleOf = (entries: Record<string, unknown>) =>
  new Proxy(entries, {
    get: (target, name: string) => {
      if (!(name in target)) throw new Error(`Could not resolve '${name}'`)
      return target[name]
    },
  })

describe("PaymentModuleReads", () => {
  it("reads a session's collection from the session service", async () => {
    const retrieve = retrieving({ payses_1: { id: "payses_1", payment_collection_id: "paycol_1" } })
    const reads = new PaymentModuleReads(cradleOf({ paymentSessionService: { retrieve } }))
    expect(await reads.sessionCollection("payses_1")).toBe("paycol_1")
    expect(retrieve).toHaveBeenCalledWith("payses_1", { select: ["id", "payment_collection_id"] })
    expect(await reads.sessionCollection("payses_gone")).toBeUndefined()
  })

  it("reads a payment's data, and its creation and collection status for a cancel", async () => {
    const created_at = new Date("2026-01-02T03:04:05Z")
    const retrieve = retrieving({
      pay_1: { id: "pay_1", data: { order_no: "o1" }, created_at, payment_collection: { status: "canceled" } },
    })
    const reads = new PaymentModuleReads(cradleOf({ paymentService: { retrieve } }))
    expect(await reads.paymentData("pay_1")).toEqual({ order_no: "o1" })
    expect(retrieve).toHaveBeenLastCalledWith("pay_1", { select: ["id", "data"] })
    expect(await reads.canceledPayment("pay_1")).toEqual({ created_at, collection_status: "canceled" })
    expect(retrieve).toHaveBeenLastCalledWith("pay_1", {
      select: ["id", "created_at"],
      relations: ["payment_collection"],
    })
    expect(await reads.canceledPayment("pay_gone")).toBeUndefined()
  })

  it("reads a capture's exact amount (raw first); a failed read is the caller's to handle", async () => {
    const retrieve = retrieving({
      capt_1: { id: "capt_1", amount: 12.3, raw_amount: { value: "12.30", precision: 20 } },
      capt_2: { id: "capt_2", amount: "7.5" },
    })
    const reads = new PaymentModuleReads(cradleOf({ captureService: { retrieve } }))
    expect(await reads.captureAmount("capt_1")).toEqual({ value: "12.30", precision: 20 })
    expect(await reads.captureAmount("capt_2")).toBe("7.5")
    expect(retrieve).toHaveBeenCalledWith("capt_1", { select: ["id", "amount", "raw_amount"] })
    await expect(reads.captureAmount("capt_gone")).rejects.toThrow("capt_gone not found")
  })

  it("a container without the services: nothing read, no throw, except for the holder's cards", async () => {
    const reads = new PaymentModuleReads(cradleOf({}))
    expect(await reads.sessionCollection("payses_1")).toBeUndefined()
    expect(await reads.paymentData("pay_1")).toBeUndefined()
    expect(await reads.canceledPayment("pay_1")).toBeUndefined()
    expect(await reads.captureAmount("capt_1")).toBeUndefined()
    expect(reads.holderLocking()).toBeUndefined()
    await expect(reads.holder("acchld_1")).rejects.toThrow(/account holder service is not available/)
    await expect(reads.writeHolderData("acchld_1", {})).rejects.toThrow(/account holder service is not available/)
  })

  it("reads and writes a holder's row through the account-holder service", async () => {
    const row = { id: "acchld_1", data: { shopper_id: "cus_1", cards: [] } }
    const update = jest.fn(async () => undefined)
    const retrieve = retrieving({ acchld_1: row })
    const reads = new PaymentModuleReads(cradleOf({ accountHolderService: { retrieve, update } }))
    expect(await reads.holder("acchld_1")).toBe(row)
    expect(retrieve).toHaveBeenCalledWith("acchld_1", { select: ["id", "data"] })
    expect(await reads.holder("acchld_gone")).toBeNull()
    await reads.writeHolderData("acchld_1", { shopper_id: "cus_1", cards: [1] })
    expect(update).toHaveBeenCalledWith({ id: "acchld_1", data: { shopper_id: "cus_1", cards: [1] } })
  })

  it("locks a holder over the module's database connection, one locking per provider", async () => {
    const sql: string[] = []
    const db = {
      transaction: async <T>(job: (trx: { raw: (q: string) => Promise<unknown> }) => Promise<T>) =>
        job({ raw: async (q: string) => void sql.push(q) }),
    }
    const reads = new PaymentModuleReads(cradleOf({ __pg_connection__: db }))
    const locking = reads.holderLocking()!
    expect(reads.holderLocking()).toBe(locking)
    expect(await locking.execute("acquiring:account-holder:acchld_1", async () => "done")).toBe("done")
    expect(sql.some((q) => q.includes("pg_advisory_xact_lock"))).toBe(true)
  })
})
