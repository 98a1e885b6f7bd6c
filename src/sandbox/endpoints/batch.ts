import { z } from "zod"
import { OPERATION_TABLE, type BatchOperation } from "../../gateway/operations-table"
import { sign } from "../../gateway/signing"
import { ENTRY_STATUS, ERROR_CODES, REFUND_STATUS, RETURN_OK, REVIEW_FLAG } from "../../gateway/status-codes"
import { doCancel, doCapture, doRefund, doReview, type ActionResult } from "../actions"
import { ENTRY_CODES } from "../codes"
import type { SandboxCore } from "../core"
import { toMinor } from "../money"
import { ApiError, missing } from "../http/api-error"
import { signFields, type Caller } from "../http/auth"
import { json, type Reply } from "../http/reply"
import { validate } from "../http/validate"
import type { Order } from "../state/order"

/** One result per entry, return_status 1. */
type Entry = {
  transaction_id: string
  order_no: string
  currency: string
  amount: string
  review_flag?: string
  refund_amount?: string
  refund_reason?: string
}
type Refusal = { code: string; message: string }

/** It must exist for this account and match order_no. */
function locate(core: SandboxCore, caller: Caller, entry: Entry): Order | Refusal {
  const order = core.store.byTransaction(entry.transaction_id)
  if (!order || order.merchant_id !== caller.merchant.merchant_id || order.account_id !== caller.account.account_id) {
    return { code: ENTRY_CODES.NOT_FOUND, message: `transaction_id ${entry.transaction_id} not found for this account` }
  }
  if (order.order_no !== entry.order_no)
    return {
      code: ENTRY_CODES.ORDER_MISMATCH,
      message: `order_no does not match transaction_id ${entry.transaction_id}`,
    }
  return order
}

/** cancel, review and refund name the order's own amount and currency. */
function sameMoney(o: Order, e: Entry): Refusal | null {
  if (e.currency !== o.currency)
    return { code: ENTRY_CODES.CURRENCY_MISMATCH, message: `currency must be ${o.currency}` }
  if (toMinor(e.amount) !== o.amount_minor)
    return { code: ENTRY_CODES.AMOUNT_MISMATCH, message: "amount must be the order amount" }
  return null
}

function act(core: SandboxCore, op: BatchOperation, order: Order, entry: Entry): ActionResult {
  if (op === "capture") return doCapture(core, order, entry.currency, toMinor(entry.amount), "api")
  const wrong = sameMoney(order, entry)
  if (wrong) return { ok: false, ...wrong }
  if (op === "cancel") return doCancel(core, order, "api")
  if (op === "review") {
    if (entry.review_flag !== REVIEW_FLAG.ACCEPT && entry.review_flag !== REVIEW_FLAG.REJECT) {
      return {
        ok: false,
        code: ENTRY_CODES.BAD_REVIEW_FLAG,
        message: `review_flag must be ${REVIEW_FLAG.ACCEPT} (accept) or ${REVIEW_FLAG.REJECT} (reject)`,
      }
    }
    return doReview(core, order, entry.review_flag === REVIEW_FLAG.ACCEPT, "api")
  }
  return doRefund(
    core,
    order,
    { currency: entry.currency, refund_minor: toMinor(entry.refund_amount!), reason: entry.refund_reason ?? "" },
    "api",
  )
}

function entryResult(
  op: BatchOperation,
  entry: Entry,
  result: ActionResult & { refund?: { refund_reference_id: string; status: string } },
) {
  const base = {
    amount: entry.amount,
    currency: entry.currency,
    order_no: entry.order_no,
    transaction_id: entry.transaction_id,
  }
  const error_message = result.ok ? "" : `${result.code}:${result.message}`
  const status = result.ok ? ENTRY_STATUS.OK : ENTRY_STATUS.FAILED
  switch (op) {
    case "capture":
      return { ...base, capture_status: status, error_message }
    case "cancel":
      return { ...base, cancel_status: status, error_message }
    case "review":
      return { ...base, review_flag: entry.review_flag ?? "", review_status: status, error_message }
    case "refund":
      return {
        ...base,
        refund_amount: entry.refund_amount ?? "",
        refund_message: result.ok ? `${ENTRY_CODES.REFUND_OK}:OK` : error_message,
        refund_reason: entry.refund_reason ?? "",
        refund_reference: "",
        refund_reference_id: result.ok && result.refund ? result.refund.refund_reference_id : "",
        refund_status: !result.ok
          ? REFUND_STATUS.FAILED
          : result.refund?.status === "processing"
            ? REFUND_STATUS.PROCESSING
            : REFUND_STATUS.REFUNDED,
        transaction_id: entry.transaction_id,
      }
  }
}

export function batch(core: SandboxCore, op: BatchOperation, caller: Caller, body: Record<string, unknown>): Reply {
  const { array, limit } = OPERATION_TABLE[op].batch
  const orderSchema = OPERATION_TABLE[op].request
  let list = body[array]
  if (list && typeof list === "object" && !Array.isArray(list)) list = body[array] = [list] // one XML element
  if (!Array.isArray(list) || list.length === 0) throw missing(array, `${array} must list at least one order`)
  if (list.length > limit)
    throw new ApiError(
      400,
      ERROR_CODES.TOO_MANY_ORDERS,
      array,
      `${array} has ${list.length} orders; at most ${limit} per request`,
    )
  const parsed = validate(z.object({ [array]: z.array(orderSchema) }), body) as Record<string, Entry[]>
  const results = parsed[array].map((e) => {
    const o = locate(core, caller, e)
    const r: ActionResult = "transaction_id" in o ? act(core, op, o, e) : { ok: false, ...o }
    return entryResult(op, e, r)
  })
  const head = {
    account_id: caller.account.account_id,
    merchant_id: caller.merchant.merchant_id,
    return_message: "OK",
    return_status: RETURN_OK,
  }
  const out: Record<string, unknown> = { ...head, [array]: results }
  out.encryption_data = sign(out, signFields(core, op), caller.account.sign_key)
  return json({ ...head, encryption_data: out.encryption_data, [array]: results })
}
