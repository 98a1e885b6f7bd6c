import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { KeptRow } from "../../../../lib/acquiring/kept-orders"
import { acquiringOf } from "../../../../modules/acquiring"

/** One row per kept payment: a payment recorded before (an edit's event and a later settle) stays one row. */
export const createKeptRowsStep = createStep(
  "acquiring-create-kept-rows",
  async (rows: KeptRow[], { container }) => {
    if (!rows.length) return new StepResponse([] as string[], [] as string[])
    const books = acquiringOf(container)
    const known = await books.listKeptAuthorisations({ payment_id: rows.map((r) => r.payment_id) }, { take: null })
    const seen = new Set(known.map((k) => k.payment_id))
    const fresh = rows.filter((r) => !seen.has(r.payment_id))
    if (!fresh.length) return new StepResponse([] as string[], [] as string[])
    const created = (await books.createKeptAuthorisations(fresh as never)) as unknown as Array<{ id: string }>
    const ids = created.map((c) => c.id)
    return new StepResponse(ids, ids)
  },
  // A row released meanwhile (its void ran in its own transaction) records a gateway fact: it stays.
  async (ids, { container }) => {
    if (!ids?.length) return
    const books = acquiringOf(container)
    const open = await books.listKeptAuthorisations({ id: ids, released_at: null }, { select: ["id"], take: null })
    if (open.length) await books.deleteKeptAuthorisations(open.map((r) => r.id))
  },
)
