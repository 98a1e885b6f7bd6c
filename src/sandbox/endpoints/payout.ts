import { ERROR_CODES } from "../../gateway/status-codes"
import { PayoutRequest } from "../../gateway/schemas"
import { sign } from "../../gateway/signing"
import { PAYOUT_STATUS } from "../../gateway/status-codes"
import { offsetTimestamp } from "../clock"
import type { SandboxCore } from "../core"
import { ApiError } from "../http/api-error"
import { signFields, type Caller } from "../http/auth"
import { json, type Reply } from "../http/reply"
import { validate } from "../http/validate"
import { fingerprint, finalStatus, inPayoutUnit, payoutAmounts, payoutFailure, type PayoutEntry } from "../payouts"

/** Idempotent on request_id; PENDING → COMPLETED / FAILED, at once when processing_ms is 0. */
export const DUPLICATE_REQUEST_ID = "I0062"

type PayoutReq = ReturnType<typeof PayoutRequest.parse>

/** Without beneficiary.bank_details.bank_code and the additional_info contents (the spec §2.8). */
function echo(req: PayoutReq) {
  const { additional_info: _b, bank_details, ...beneficiary } = req.beneficiary
  const { bank_code: _c, ...details } = bank_details ?? {}
  const payer = req.payer ? (({ additional_info: _p, ...rest }) => rest)(req.payer) : undefined
  const clearing = (req.payment_method ?? "").toUpperCase() === "SWIFT" ? "SWIFT" : "LOCAL"
  return {
    ...req,
    beneficiary: { ...beneficiary, bank_details: { ...details, local_clearing_system: clearing } },
    ...(payer ? { payer } : {}),
  }
}

function settle(core: SandboxCore, entry: PayoutEntry, failure: ReturnType<typeof payoutFailure>): void {
  const response = entry.response
  response.status = finalStatus(!!failure)
  response.failure_type = failure?.failure_type ?? ""
  response.failure_reason = failure?.failure_reason ?? ""
  response.last_updated_at = offsetTimestamp(core.clock.now())
  if (!entry.notify_url) return
  const key = core.account(entry.merchant_id, entry.account_id)?.sign_key ?? ""
  core.notifier.send(
    "payout",
    entry.notify_url,
    {
      merchant_id: entry.merchant_id,
      account_id: entry.account_id,
      transaction_id: entry.transaction_id,
      currency: String(response.payment_currency),
      amount: String(response.payment_amount),
      order_status: failure ? "0" : "1",
      order_info: failure ? `P0001:${failure.failure_reason}` : "0000:Completed",
      request_id: entry.request_id,
      status: String(response.status),
    },
    key,
  )
}

export function payout(core: SandboxCore, caller: Caller, body: Record<string, unknown>): Reply {
  const req = validate(PayoutRequest, body)
  const { merchant_id } = caller.merchant
  const print = fingerprint({ account_id: caller.account.account_id, ...req })
  const existing = core.payouts.get(merchant_id, req.request_id)
  if (existing) {
    if (existing.fingerprint !== print) {
      throw new ApiError(
        409,
        DUPLICATE_REQUEST_ID,
        "request_id",
        "request_id was already used with a different payout; use a new request_id",
      )
    }
    return json(existing.response)
  }
  const p = core.options.payout
  const amounts = payoutAmounts(req.payment_amount, req.fee_paid_by, { fixed: p.fee_fixed_minor, bp: p.fee_rate_bp })
  if (amounts.amount_beneficiary_receives <= 0) {
    throw new ApiError(
      400,
      ERROR_CODES.INVALID_FIELD,
      "payment_amount",
      "payment_amount does not cover the fee; raise it or set fee_paid_by PAYER",
    )
  }
  const now = offsetTimestamp(core.clock.now())
  const transaction_id = core.newId("P")
  const head = { merchant_id, account_id: caller.account.account_id }
  const response: Record<string, unknown> = {
    ...head,
    ...echo(req),
    ...inPayoutUnit(amounts, req.fee_paid_by, core.options.readings.payout_amounts),
    fee_currency: req.payment_currency,
    created_at: now,
    last_updated_at: now,
    failure_reason: "",
    failure_type: "",
    payer_id: `PY${merchant_id}`,
    transaction_id,
    short_reference_id: transaction_id.slice(-8),
    status: PAYOUT_STATUS.PENDING,
  }
  response.encryption_data = sign({ ...head, ...req }, signFields(core, "payout"), caller.account.sign_key)
  const entry: PayoutEntry = {
    key: core.payouts.key(merchant_id, req.request_id),
    fingerprint: print,
    merchant_id,
    account_id: caller.account.account_id,
    request_id: req.request_id,
    transaction_id,
    notify_url: req.notify_url,
    response,
  }
  core.payouts.put(entry)
  const failure = payoutFailure(req, p)
  if (p.processing_ms === 0) settle(core, entry, failure)
  else core.scheduler.after(p.processing_ms, () => settle(core, entry, failure))
  return json({ ...response })
}
