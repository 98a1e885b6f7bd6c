import { asValue } from "@medusajs/framework/awilix"
import { createMedusaContainer, Modules, ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { MULTI_PAYMENT_GATE } from "../../../../lib/acquiring/queries/locks"

const payment = (id: string, order: string) => ({
  id,
  provider_id: "pp_acquiring_acquiring",
  payment_collection_id: `pc_${order}`,
  order_id: order,
  currency_code: "eur",
  amount: "32.89",
  captured: "0.00",
  refunded: "0.00",
  captured_at: null,
  canceled_at: null,
  data: { order_no: `no_${order}`, currency: "EUR", amount: "32.89", transaction_id: `T_${order}` },
  capture_rows: [],
  refund_rows: [],
})

const sendBatch = jest.fn()
const planRecordings = jest.fn()

jest.mock("../../../../lib/acquiring/queries/payments", () => ({
  ...jest.requireActual("../../../../lib/acquiring/queries/payments"),
  paymentsOfOrders: async (_c: unknown, ids: string[]) => new Map(ids.map((id) => [id, [payment(`pay_${id}`, id)]])),
}))
jest.mock("../../../../lib/acquiring/gateways", () => {
  const gateway = { client: {}, options: { provider: { currency_rounding: "exact" } } }
  return {
    gatewaysOfGroups: async (_c: unknown, byProvider: Map<string, unknown[]>) =>
      [...byProvider].map(([provider_id, refs]) => ({ ...gateway, provider_id, refs })),
    orderRecords: async (_c: unknown, _p: unknown, refs: Array<{ order_no: string }>) =>
      new Map(
        refs.map((r) => [
          r.order_no,
          {
            order_no: r.order_no,
            // Authorised at the gateway: the plan sends every order.
            payment_status: jest.requireActual("../../../../gateway/status-codes").PAYMENT_STATUS.AUTHORISED,
            transaction_id: "T",
          },
        ]),
      ),
    orderRefunds: async () => new Map(),
  }
})
jest.mock("../../../../lib/acquiring/batch", () => ({
  ...jest.requireActual("../../../../lib/acquiring/batch"),
  sendBatch: (...args: unknown[]) => sendBatch(...args),
}))
jest.mock("../../../../lib/acquiring/bulk/finish", () => ({
  ...jest.requireActual("../../../../lib/acquiring/bulk/finish"),
  planRecordings: (...args: unknown[]) => planRecordings(...args),
}))

// After the mocks: the workflow's steps import them.
import { bulkCaptureWorkflow } from "../workflows"

/** Medusa's locking module as the in-memory provider behaves for acquire/release: a key is held by one owner. */
function fakeLocking() {
  const held = new Map<string, string>()
  const taken: string[][] = []
  return {
    held,
    taken,
    async acquire(keys: string | string[], args?: { ownerId?: string }) {
      const list = [keys].flat()
      taken.push(list)
      for (const k of list) {
        const owner = held.get(k)
        if (owner && owner !== args?.ownerId) throw new Error(`Failed to acquire lock for key "${k}"`)
        held.set(k, args?.ownerId ?? "")
      }
    },
    async release(keys: string | string[], args?: { ownerId?: string }) {
      for (const k of [keys].flat()) if (held.get(k) === args?.ownerId) held.delete(k)
      return true
    },
  }
}

function containerWith(locking: ReturnType<typeof fakeLocking>) {
  const container = createMedusaContainer()
  const logger = { info: jest.fn(), warn: jest.fn(), error: jest.fn(), debug: jest.fn(), log: jest.fn() }
  container.register(Modules.LOCKING, asValue(locking))
  container.register(ContainerRegistrationKeys.LOGGER, asValue(logger))
  return container
}

describe("bulk capture workflow", () => {
  beforeEach(() => {
    sendBatch.mockReset()
    planRecordings.mockReset()
    // Every order sent is confirmed by the gateway.
    sendBatch.mockImplementation(
      async (_client: unknown, _op: string, entries: Array<{ ref: { order_no: string } }>) => ({
        verdicts: new Map(entries.map((e) => [e.ref.order_no, { ok: true, entry: {} }])),
        requests: 1,
      }),
    )
  })

  it("takes the gate then every payment's lock (sorted), and gives all back when it succeeds", async () => {
    const locking = fakeLocking()
    // Each order's result without a recording to run: the record step runs no item workflow.
    planRecordings.mockImplementation((_c: unknown, _op: string, work: Array<{ item: { order_id: string } }>) => ({
      finishes: work.map((w) => ({ result: { order_id: w.item.order_id, status: "captured" } })),
      items: [],
    }))
    const { result } = await bulkCaptureWorkflow(containerWith(locking)).run({
      input: { items: [{ order_id: "order_b" }, { order_id: "order_a" }, { order_id: "order_b" }] },
    })
    expect(result).toEqual({
      operation: "capture",
      gateway_requests: 1,
      results: [
        { order_id: "order_b", status: "captured" },
        { order_id: "order_a", status: "captured" },
      ],
    })
    expect(locking.taken[0]).toEqual([MULTI_PAYMENT_GATE])
    expect(locking.taken[1]).toEqual(["acquiring:payment:pay_order_a", "acquiring:payment:pay_order_b"])
    expect([...locking.held.keys()]).toEqual([])
  })

  it("a failure in the record step after the gateway answered releases every lock (compensation) and fails the run", async () => {
    const locking = fakeLocking()
    planRecordings.mockImplementation(() => {
      // The locks are held while Medusa is written.
      expect(locking.held.size).toBe(3)
      throw new Error("database went away")
    })
    // The workflow throws the step's error as it stored it (serialised: a plain object with the message).
    await expect(
      bulkCaptureWorkflow(containerWith(locking)).run({
        input: { items: [{ order_id: "order_a" }, { order_id: "order_b" }] },
      }),
    ).rejects.toMatchObject({ message: "database went away" })
    expect(sendBatch).toHaveBeenCalledTimes(1)
    expect(planRecordings).toHaveBeenCalledTimes(1)
    expect([...locking.held.keys()]).toEqual([])
  })

  it("locks another run holds: waits, then fails without asking the gateway and keeps none of them", async () => {
    const locking = fakeLocking()
    locking.held.set("acquiring:payment:pay_order_b", "someone-else")
    jest.useFakeTimers({ doNotFake: ["nextTick", "setImmediate"] })
    try {
      const run = bulkCaptureWorkflow(containerWith(locking)).run({
        input: { items: [{ order_id: "order_a" }, { order_id: "order_b" }] },
      })
      const settled = run.then(
        () => "resolved",
        (e: Error) => e.message,
      )
      for (let i = 0; i < 200 && locking.taken.length < 3; i++) await jest.advanceTimersByTimeAsync(50)
      await jest.advanceTimersByTimeAsync(121_000)
      expect(await settled).toMatch(/Failed to acquire lock/)
    } finally {
      jest.useRealTimers()
    }
    expect(sendBatch).not.toHaveBeenCalled()
    expect(planRecordings).not.toHaveBeenCalled()
    expect([...locking.held.entries()]).toEqual([["acquiring:payment:pay_order_b", "someone-else"]])
    // two minutes of fake lock retries are CPU work: a loaded runner needs more than jest's default
  }, 30_000)
})
