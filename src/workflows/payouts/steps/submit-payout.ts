import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { PayoutRequest } from "../../../gateway/schemas"
import { PAYOUT_MODULE } from "../../../modules/payout"
import type PayoutModuleService from "../../../modules/payout/service"
import { updateFromResponse, type PayoutUpdate } from "../../../modules/payout/lib/gateway-update"
import { updateFromError } from "../../../modules/payout/lib/failure"
import { isFinalStatus } from "../../../modules/payout/lib/status"
import type { PayoutStatus } from "../../../modules/payout/models/payout"
import { applyPayoutUpdate } from "../../../modules/payout/lib/apply-update"
import { payoutSettings } from "../../../lib/acquiring/settings/payout"

export interface SubmitPayoutInput {
  id: string
  request: PayoutRequest
  account_id?: string
}

/** A notification settled it without fees; asking again under its request_id is safe. */
const answerMissing = (p: { status: string; submitted_at?: Date | null; created_at_gateway?: Date | null }) =>
  p.status === "completed" && !!p.submitted_at && !p.created_at_gateway

/** A final payout is not sent again, unless completed without the answer. Gateway failures are recorded. */
export const submitPayoutStep = createStep(
  "acquiring-submit-payout",
  async (input: SubmitPayoutInput, { container }) => {
    const payouts = container.resolve<PayoutModuleService>(PAYOUT_MODULE)
    const payout = await payouts.retrievePayout(input.id)
    if (isFinalStatus(payout.status as PayoutStatus) && !answerMissing(payout)) {
      return new StepResponse({ id: payout.id, sent: false })
    }
    payouts.gatewayClient() // throws while unconfigured, before the record counts as submitted
    const options = payouts.payoutOptions()
    if (!payout.submitted_at) await payouts.patchPayout(payout.id, { submitted_at: new Date() })

    // The request's account, then medusa-config's, the one it was sent with, the admin's saved one.
    const saved = await payoutSettings(container, payouts.settingsEntryId(), payouts.paysThroughProvider())
    const account_id = input.account_id ?? options.account_id ?? payout.account_id ?? saved.account_id ?? undefined
    const request: PayoutRequest = {
      ...input.request,
      request_id: payout.request_id,
      notify_url: input.request.notify_url ?? options.notify_url,
    }
    let update: PayoutUpdate
    let answeredAccount: string | undefined
    try {
      const res = await payouts.sendPayout(request, { account_id, currency: request.payment_currency }, saved.client)
      update = updateFromResponse(res, {
        payment_currency: payout.payment_currency,
        unit: options.amount_unit,
        digits: options.minor_unit_digits,
      })
      answeredAccount = typeof res.account_id === "string" ? res.account_id : undefined
    } catch (e) {
      update = updateFromError(e)
    }
    await applyPayoutUpdate(container, payout.request_id, () => update)
    if (!payout.account_id && (account_id || answeredAccount)) {
      await payouts.patchPayout(payout.id, { account_id: answeredAccount ?? account_id })
    }
    return new StepResponse({ id: payout.id, sent: true })
  },
)
