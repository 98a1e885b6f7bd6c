import { asValue } from "@medusajs/framework/awilix"
import { ContainerRegistrationKeys, createMedusaContainer } from "@medusajs/framework/utils"
import { createStep, createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { KeptRow } from "../../../../lib/acquiring/kept-orders"
import { createKeptRowsStep } from "../steps/create-kept-rows"

type Row = { id: string; payment_id: string; released_at: Date | null }

/** The books' kept rows as the step and its compensation use them. */
function booksWith(existing: Row[] = []) {
  const rows = new Map(existing.map((r) => [r.id, { ...r }]))
  let n = 0
  const books = {
    listKeptAuthorisations: async (f: { payment_id?: string[]; id?: string[]; released_at?: null }) =>
      [...rows.values()].filter(
        (r) =>
          (!f.payment_id || f.payment_id.includes(r.payment_id)) &&
          (!f.id || f.id.includes(r.id)) &&
          (f.released_at !== null || r.released_at === null),
      ),
    createKeptAuthorisations: async (fresh: Array<{ payment_id: string }>) =>
      fresh.map((r) => {
        const row = { id: `kept_${++n}`, payment_id: r.payment_id, released_at: null }
        rows.set(row.id, row)
        return row
      }),
    deleteKeptAuthorisations: async (ids: string[]) => ids.forEach((id) => rows.delete(id)),
  }
  const container = createMedusaContainer()
  container.register("acquiring", asValue(books))
  container.register(ContainerRegistrationKeys.LOGGER, asValue({ info() {}, warn() {}, error() {}, debug() {} }))
  return { container: container as never, rows }
}

/** Between the rows and the failure, one kept authorisation is voided in its own transaction. */
const releaseOne = createStep("test-release-one", async (ids: string[], { container }) => {
  const books = container.resolve("acquiring") as { released: (id: string) => void }
  books.released(ids[0])
})
const laterStepFails = createStep("test-kept-later-step-fails", async () => {
  throw new Error("a later step failed")
})
const createThenFail = createWorkflow("test-kept-rows-then-fail", (rows: KeptRow[]) => {
  const ids = createKeptRowsStep(rows)
  releaseOne(ids)
  laterStepFails()
  return new WorkflowResponse(ids)
})

const kept = (payment_id: string) => ({ payment_id, order_id: "order_1" }) as unknown as KeptRow

describe("createKeptRowsStep's compensation", () => {
  it("deletes the rows it created that are still kept, and keeps one released meanwhile", async () => {
    const { container, rows } = booksWith()
    const books = container as unknown as { resolve: (k: string) => Record<string, unknown> }
    books.resolve("acquiring").released = (id: string) => {
      rows.get(id)!.released_at = new Date()
    }
    const { errors } = await createThenFail(container).run({
      input: [kept("pay_1"), kept("pay_2")],
      throwOnError: false,
    })
    expect(errors.map((e) => (e.error as Error).message)).toEqual(["a later step failed"])
    expect([...rows.values()].map((r) => r.payment_id)).toEqual(["pay_1"])
    expect(rows.get("kept_1")!.released_at).toBeInstanceOf(Date)
  })

  it("never deletes a row it did not create", async () => {
    const { container, rows } = booksWith([{ id: "kept_old", payment_id: "pay_1", released_at: null }])
    const books = container as unknown as { resolve: (k: string) => Record<string, unknown> }
    books.resolve("acquiring").released = () => {}
    await createThenFail(container).run({ input: [kept("pay_1"), kept("pay_2")], throwOnError: false })
    expect([...rows.keys()]).toEqual(["kept_old"])
  })
})
