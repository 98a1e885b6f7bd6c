import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import type { RefundRecord } from "../../../gateway/schemas/transactions"
import { refundsAfterNotice, refundsInFlight } from "../../../lib/acquiring/refund-notice"
import type { AcquiringData } from "../../../lib/acquiring/payment-data"
import { parseTracked, refundedTotal, type TrackedRefund } from "../../../lib/acquiring/refunds"
import { lockKey } from "../../../lib/acquiring/queries/payments"
import { currentPayment } from "./current-payment"
import type { NoticeTarget } from "./payment-of-session"
import { recordNotifiedRefundsWorkflow } from "./record-refunds"

/** Longest wait for Medusa to store its own refund's answer. */
export const MEDUSA_REFUND_WAIT_MS = 5_000
const POLL_MS = 100

export interface RefundNoticeResult {
  changed: boolean
  refunds: TrackedRefund[]
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Order-independent form of a refund list: a write that would only reorder is no change. */
const canonical = (list: TrackedRefund[]) =>
  JSON.stringify(
    [...list]
      .sort((a, b) => a.refund_reference_id.localeCompare(b.refund_reference_id))
      .map((r) => Object.fromEntries(Object.entries(r).sort(([a], [b]) => a.localeCompare(b)))),
  )

/** Under the payment's lock (shared with reconciliation and bulk): only a change is written. */
export async function applyRefundNotice(
  container: MedusaContainer,
  target: NoticeTarget,
  confirm: (d: AcquiringData) => Promise<RefundRecord[]>,
  waitMs = MEDUSA_REFUND_WAIT_MS,
): Promise<RefundNoticeResult> {
  const locking = container.resolve(Modules.LOCKING)
  return locking.execute(
    lockKey(target.payment_id),
    async () => {
      let p = await currentPayment(container, target.payment_id)
      const records = await confirm(p.acquiring)
      // Medusa's refund route stores the provider's answer without this lock, just after the
      // gateway refunded (and maybe notified): wait for that write instead of racing it.
      for (
        const until = Date.now() + waitMs;
        refundsInFlight(parseTracked(p.acquiring.refunds), records, p.refund_ids).length && Date.now() < until;
      ) {
        await sleep(POLL_MS)
        p = await currentPayment(container, target.payment_id)
      }
      const known = parseTracked(p.acquiring.refunds)
      const refunds = refundsAfterNotice(known, records, p.refund_ids)
      if (canonical(refunds) === canonical(known)) return { changed: false, refunds: known }
      const data = { ...p.data, refunds, refunded_amount: refundedTotal(refunds) }
      await recordNotifiedRefundsWorkflow(container).run({ input: { payment_id: p.id, data, previous: p.data } })
      return { changed: true, refunds }
    },
    { timeout: 30 },
  )
}
