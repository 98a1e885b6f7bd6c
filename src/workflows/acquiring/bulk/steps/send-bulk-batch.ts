import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { sendBatch, type EntryVerdict } from "../../../../lib/acquiring/batch"
import { gatewaysOfGroups } from "../../../../lib/acquiring/gateways"
import { gatewayEntry } from "../../../../lib/acquiring/bulk/entry"
import { pushTo } from "../../../../lib/push-to"
import { movementsOfBatch, recordMovementsAfterSend } from "../../../../lib/acquiring/books/movements"
import type { BulkOperation } from "../../../../lib/acquiring/bulk/plan"
import type { Work } from "../../../../lib/acquiring/bulk/types"

export interface SentBulk {
  /** The gateway's verdict per order_no (plain object: step results are stored as JSON). */
  verdicts: Record<string, EntryVerdict>
  requests: number
}

/**
 * The point of no return: a gateway movement cannot be taken back, so no compensation, and one order's
 * failed request is that order's verdict, never a throw.
 */
export const sendBulkBatchStep = createStep(
  "acquiring-bulk-send-batch",
  async (input: { operation: BulkOperation; work: Work[]; marker: string; source?: string }, { container }) => {
    const verdicts: Record<string, EntryVerdict> = {}
    let requests = 0
    const byProvider = new Map<string, Work[]>()
    for (const w of input.work) if (w.step.kind === "send") pushTo(byProvider, w.payment.provider_id, w)
    for (const { client, options, refs: list } of await gatewaysOfGroups(
      container,
      byProvider,
      (w) => w.payment.data!,
    )) {
      const entries = list.map((work) => gatewayEntry(work, input.marker, options.provider))
      const sent = await sendBatch(client, input.operation, entries)
      requests += sent.requests
      for (const [no, v] of sent.verdicts) verdicts[no] = v
      const paymentOf = new Map(list.map((w) => [w.payment.data!.order_no, w.payment.id]))
      const rows = movementsOfBatch(input.operation, input.source ?? "bulk", entries, sent.verdicts, (no) =>
        paymentOf.get(no),
      )
      await recordMovementsAfterSend(container, rows)
    }
    return new StepResponse<SentBulk>({ verdicts, requests })
  },
)
