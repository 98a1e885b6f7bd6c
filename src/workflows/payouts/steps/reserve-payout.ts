import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PAYOUT_MODULE } from "../../../modules/payout"
import type PayoutModuleService from "../../../modules/payout/service"
import { sameIntent, type PayoutRecordInput } from "../../../modules/payout/lib/from-request"

export interface ReservePayoutInput {
  record: PayoutRecordInput
}

/** Exact stored amount: the raw column keeps every digit, the numeric one may be rounded. */
const storedAmount = (p: { payment_amount: unknown; raw_payment_amount?: unknown }) => {
  const raw = p.raw_payment_amount as { value?: unknown } | undefined
  return String(raw?.value ?? p.payment_amount)
}

/** A retried create finds the first record, so the gateway sees one request_id and pays once. */
export const reservePayoutStep = createStep(
  "acquiring-reserve-payout",
  async ({ record }: ReservePayoutInput, { container }) => {
    const payouts = container.resolve<PayoutModuleService>(PAYOUT_MODULE)
    const find = async () => (await payouts.listPayouts({ request_id: record.request_id }, { take: 1 }))[0]
    const reused = (existing: NonNullable<Awaited<ReturnType<typeof find>>>) => {
      const same = sameIntent({ ...existing, payment_amount: storedAmount(existing) }, record)
      if (!same) {
        throw new MedusaError(
          MedusaError.Types.DUPLICATE_ERROR,
          `request_id ${record.request_id} already belongs to payout ${existing.id} with a different amount, currency or beneficiary account; use a new request_id for a new payout`,
        )
      }
      return { id: existing.id, created: false }
    }
    const created = async () => {
      try {
        return { id: (await payouts.createPayoutRecord(record)).id, created: true }
      } catch (e) {
        const raced = await find() // a concurrent create won the unique request_id
        if (raced) return reused(raced)
        throw e
      }
    }

    const existing = await find()
    const reserved = existing ? reused(existing) : await created()
    return new StepResponse(reserved, reserved)
  },
  async (reserved, { container }) => {
    if (!reserved?.created) return
    const payouts = container.resolve<PayoutModuleService>(PAYOUT_MODULE)
    const [payout] = await payouts.listPayouts({ id: reserved.id }, { take: 1 })
    // Only a record the gateway never saw may go; once submitted it is evidence of a payout.
    if (payout && !payout.submitted_at && payout.status === "pending") {
      await payouts.deletePayouts(payout.id)
    }
  },
)
