import { notifiedDisputeWorkflow } from "../notified-dispute"
import { notifiedOrphanWorkflow } from "../notified-orphan"
import { fakeLocking, ORDER_NO, PAYMENT_DATA, SESSION_ID } from "./helpers/fakes"
import { containerOf } from "./helpers/run"

/**
 * A kind's recording child that fails: the answer is 503 (the gateway sends it again), not a failed
 * notification workflow, and the payment's lock is given back, so the next delivery records it.
 */
const mockFail = { dispute: 0, orphan: 0 }
const mockWrites: Array<Record<string, unknown>> = []
jest.mock("../record-dispute", () => ({
  ...jest.requireActual("../record-dispute"),
  recordDisputeWorkflow: jest
    .requireActual("./helpers/fakes")
    .fakeWorkflow("fake-record-dispute", async (input: Record<string, unknown>) => {
      if (mockFail.dispute-- > 0) throw new Error("database unreachable")
      mockWrites.push(input)
    }),
}))
jest.mock("../../books/settle-orphan", () => ({
  settleOrphanWorkflow: jest
    .requireActual("./helpers/fakes")
    .fakeWorkflow("fake-settle-orphan", async (input: { order_no: string }) => {
      if (mockFail.orphan-- > 0) throw new Error("gateway unreachable")
      mockWrites.push(input)
      return { order_no: input.order_no, action: "void", detail: "voided" }
    }),
}))

const DATA = { ...PAYMENT_DATA, session_id: SESSION_ID }

function scopeWith() {
  const locks: string[] = []
  const opened: unknown[] = []
  const query = { graph: async () => ({ data: [{ id: "pay_1", data: { ...DATA }, refunds: [] }] }) }
  const acquiring = {
    disputesOfPayments: async () => new Map(),
    recordOpened: async (rows: unknown[]) => void opened.push(...rows),
  }
  const logger = { info() {}, warn() {}, error() {}, debug() {} }
  const table = { query, locking: fakeLocking(locks), acquiring, logger }
  return { scope: containerOf(table) as never, locks, opened }
}

const dispute = {
  kind: "dispute" as const,
  order_no: ORDER_NO,
  target: { payment_id: "pay_1", order_id: "order_1" },
  notice: {
    id: "D1",
    status: "opened" as const,
    gateway_status: "opened",
    reason: "Fraudulent transaction",
    amount: "20.00",
    deadline: null,
    at: "2030-01-01T00:00:00.000Z",
    dated: false,
    problems: [],
  },
}

const orphan = {
  kind: "orphan" as const,
  opened: {
    order_no: ORDER_NO,
    provider_id: "pp_acquiring_acquiring",
    account_id: "100000101",
    amount: "32.89",
    currency_code: "eur",
    session_id: SESSION_ID,
  },
}

beforeEach(() => {
  mockWrites.length = 0
  mockFail.dispute = 0
  mockFail.orphan = 0
})

describe("a notification's recording child that fails", () => {
  it("dispute: 503 and nothing recorded, the payment's lock given back; the next delivery records it", async () => {
    const { scope, locks } = scopeWith()
    mockFail.dispute = 1
    const first = await notifiedDisputeWorkflow(scope).run({ input: dispute })
    expect(first.result).toEqual({ status: 503, body: "try again" })
    expect(mockWrites).toEqual([])
    const second = await notifiedDisputeWorkflow(scope).run({ input: dispute })
    expect(second.result).toEqual({ status: 200, body: "success" })
    expect(mockWrites).toHaveLength(1)
    expect(locks).toEqual(["acquiring:payment:pay_1", "acquiring:payment:pay_1"])
  })

  it("orphan: 503 while the settling fails, the books' row kept; then settled and answered success", async () => {
    const { scope, opened } = scopeWith()
    mockFail.orphan = 1
    const first = await notifiedOrphanWorkflow(scope).run({ input: orphan })
    expect(first.result).toEqual({ status: 503, body: "try again" })
    expect(opened).toHaveLength(1)
    const second = await notifiedOrphanWorkflow(scope).run({ input: orphan })
    expect(second.result).toEqual({ status: 200, body: "success", changed: "voided" })
    expect(mockWrites).toEqual([{ order_no: ORDER_NO, reason: "its payment session no longer exists" }])
  })
})
