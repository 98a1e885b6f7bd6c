import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { mergeDispute, type DisputeChange, type DisputeNotice } from "../../../lib/acquiring/disputes"
import { booksOf } from "../../../modules/acquiring/books-of"
import { lockKey } from "../../../lib/acquiring/queries/payments"
import { currentPayment } from "./current-payment"
import type { NoticeTarget } from "./payment-of-session"
import { recordDisputeWorkflow } from "./record-dispute"

/** Under the payment's lock the disputes are re-read, so repeated deliveries write once and emit each event once. */
export async function applyDisputeNotice(
  container: MedusaContainer,
  target: NoticeTarget,
  notice: DisputeNotice,
): Promise<DisputeChange> {
  const locking = container.resolve(Modules.LOCKING)
  return locking.execute(
    lockKey(target.payment_id),
    async () => {
      const p = await currentPayment(container, target.payment_id)
      const known = (await booksOf(container).disputesOfPayments([p.id])).get(p.id) ?? []
      const change = mergeDispute(known, notice)
      if (!change.changed) return change
      const event = { order_id: target.order_id, payment_id: p.id, dispute: change.dispute }
      await recordDisputeWorkflow(container).run({
        input: {
          payment_id: p.id,
          order_no: p.acquiring.order_no,
          dispute: change.dispute,
          opened: change.opened ? [event] : [],
          closed: change.closed ? [event] : [],
        },
      })
      return change
    },
    { timeout: 30 },
  )
}
