import type { CallOptions } from "../client-types"
import type { ClientContext } from "../context"
import { exchange, expectObject } from "../pipeline"
import { OPERATION_TABLE } from "../operations-table"
import type { PayoutRequest, PayoutResponse } from "../schemas"
import { validateRequest, validateResponse } from "../validate"

/** The spec §2.8, §4.9: a payout accepted but failed comes back as a result, not as an error. */
export function payoutOperation(ctx: ClientContext) {
  return async function payout(req: PayoutRequest, opts: CallOptions = {}): Promise<PayoutResponse> {
    const fields = validateRequest(OPERATION_TABLE.payout.request, req)
    const account = ctx.accounts.pick(
      { account_id: opts.account_id, currency: fields.payment_currency ?? opts.currency },
      "payment_currency",
    )
    const answer = await exchange(ctx, "payout", fields, account, opts)
    return validateResponse(OPERATION_TABLE.payout.response, expectObject(answer, "payout"), "payout", answer.status)
  }
}
