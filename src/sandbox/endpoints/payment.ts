import { randomBytes } from "node:crypto"
import { ERROR_CODES } from "../../gateway/status-codes"
import { AuthoriseFields, CheckoutFields, breakdownMismatch } from "../../gateway/schemas"
import type { SandboxCore } from "../core"
import { renderLoadingPage } from "../html/loading-page"
import { currencyAmountIssue } from "../money"
import { ApiError } from "../http/api-error"
import type { Caller } from "../http/auth"
import { html, xml, type Reply } from "../http/reply"
import { validate } from "../http/validate"
import { newOrder, type NewOrderInput } from "../state/create"
import type { Order } from "../state/order"
import { checkoutToken } from "../tokens"

/** Checkout (hosted page) and authorise (APM) create an order waiting for the shopper. */
function create(core: SandboxCore, caller: Caller, fields: Record<string, unknown>, kind: "card" | "apm"): Order {
  const mismatch = breakdownMismatch(fields)
  if (mismatch) throw new ApiError(400, ERROR_CODES.AMOUNT_MISMATCH, "amount", mismatch)
  const fraction = currencyAmountIssue(String(fields.amount), String(fields.currency))
  if (fraction) throw new ApiError(400, ERROR_CODES.INVALID_FIELD, "amount", fraction)
  const { merchant_id } = caller.merchant
  const order_no = fields.order_no as string
  if (core.store.hasOrderNo(merchant_id, order_no)) {
    throw new ApiError(
      409,
      ERROR_CODES.DUPLICATE_ORDER_NO,
      "order_no",
      `order_no ${order_no} was already used by this merchant`,
    )
  }
  const order = newOrder({
    transaction_id: core.newId("T"),
    reference_no: core.newId("R"),
    merchant_id,
    account_id: caller.account.account_id,
    kind,
    capture_mode: caller.account.capture_mode,
    request: fields as NewOrderInput["request"],
    recurring_id: fields.subscription ? uuidFrom(randomBytes(16)) : undefined,
    now: core.clock.now(),
  })
  if (caller.key_index) order.key_index = caller.key_index
  core.store.insert(order)
  return order
}

function uuidFrom(b: Buffer): string {
  b[6] = (b[6] & 0x0f) | 0x40
  b[8] = (b[8] & 0x3f) | 0x80
  const x = b.toString("hex")
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`
}

const newToken = () => randomBytes(16).toString("hex")

export function checkout(core: SandboxCore, caller: Caller, body: Record<string, unknown>, ip: string): Reply {
  const fields = validate(CheckoutFields, body)
  const saved = checkoutToken(core, caller.merchant.merchant_id, fields) // unknown or revoked: I0080, nothing created
  const order = create(core, caller, fields, "card")
  if (saved) core.tokens.payWith(order.transaction_id, saved.token_id)
  const token = newToken()
  core.store.addSession({ token, transaction_id: order.transaction_id, kind: "card" })
  const page = renderLoadingPage({
    base: core.baseUrl,
    token,
    request: body,
    return_page: `${core.baseUrl}/pay/${token}/return`,
    cancel_page: `${core.baseUrl}/pay/${token}/cancel`,
    source_request_ip: ip,
    descriptor: `SANDBOX*${caller.merchant.merchant_id}`,
  })
  return html(page)
}

export function authorise(core: SandboxCore, caller: Caller, body: Record<string, unknown>): Reply {
  const fields = validate(AuthoriseFields, body)
  const order = create(core, caller, fields, "apm")
  const token = newToken()
  core.store.addSession({ token, transaction_id: order.transaction_id, kind: "apm" })
  return xml("respon", {
    merchant_id: caller.merchant.merchant_id,
    account_id: caller.account.account_id,
    order_no: order.order_no,
    amount: fields.amount,
    currency: order.currency,
    issuer_url: `${core.baseUrl}/apm/${token}`,
  })
}
