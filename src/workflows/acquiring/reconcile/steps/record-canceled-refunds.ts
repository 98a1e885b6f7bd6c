import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { recordMovementsAfterSend } from "../../../../lib/acquiring/books/movements"
import type { CanceledMoneyEvent, CanceledRefund } from "../../../../lib/acquiring/reconcile/canceled"
import type { ReconcileChange } from "../../../../lib/acquiring/reconcile/change"
import type { ItemResult } from "../../../../lib/acquiring/items/record-item"

/**
 * Each refunded rest into the books, the report and its event; a failed one is one error line. No
 * compensation: each movement is a refund the gateway made, which the books must keep.
 */
export const recordCanceledRefundsStep = createStep(
  "acquiring-record-canceled-refunds",
  async ({ refunds, results }: { refunds: CanceledRefund[]; results: ItemResult[] }, { container }) => {
    const changes: ReconcileChange[] = []
    const events: CanceledMoneyEvent[] = []
    for (const [i, r] of refunds.entries()) {
      const result = results[i]
      if (result?.status === "done") {
        await recordMovementsAfterSend(container, [r.movement])
        changes.push(...r.changes)
        events.push(r.event)
        continue
      }
      changes.push({
        kind: "error",
        order_no: "",
        order_id: r.item.order_id,
        payment_id: r.item.payment_id,
        detail: `canceled order's money: ${result?.status === "failed" ? result.error : "not refunded"}`,
      })
    }
    return new StepResponse({ changes, events })
  },
)
