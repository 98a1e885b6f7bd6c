import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { CurrencyRule } from "../../../../gateway/currencies"
import { sendBatch, type BatchEntry, type EntryVerdict } from "../../../../lib/acquiring/batch"
import { gatewaysFor } from "../../../../lib/acquiring/gateways"
import { paymentGatewayAmount } from "../../../../lib/acquiring/money"
import { pushTo } from "../../../../lib/push-to"
import { movementsOfBatch, recordMovementsAfterSend } from "../../books/record-movements"
import type { BulkOperation } from "../plan"
import type { Work } from "../types"

export interface SentBulk {
  /** The gateway's verdict per order_no (plain object: step results are stored as JSON). */
  verdicts: Record<string, EntryVerdict>
  requests: number
}

/** Medusa's amount as the gateway takes it: a session opened with half_up rounding gets rounded amounts. */
export function gatewayEntry(work: Work, marker: string, rule: CurrencyRule): BatchEntry {
  const data = work.payment.data!
  return {
    ref: data,
    transaction_id: data.transaction_id ?? "",
    amount: paymentGatewayAmount((work.step as { amount: string }).amount, data, rule),
    refund_reason: marker,
  }
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
    for (const [providerId, list] of byProvider) {
      const { client, options } = gatewaysFor(container)(providerId)
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
