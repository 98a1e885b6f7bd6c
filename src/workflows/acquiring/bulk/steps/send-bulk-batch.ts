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
  /** Gateway batch requests made (≤ 50 orders each). */
  requests: number
}

/**
 * The batch entry of one order: Medusa's amount as the gateway takes this payment (a session
 * opened under currency_rounding half_up sent its amounts rounded, so captures and refunds are too).
 */
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
 * The orders planned "send", one batch series per gateway (lib/acquiring/batch.ts). This is the
 * point of no return: a gateway capture, void or refund cannot be taken back, so the step has no
 * compensation, it never throws for one order (a failed request is that request's orders'
 * verdict), and the steps after it record every verdict rather than undo anything.
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
