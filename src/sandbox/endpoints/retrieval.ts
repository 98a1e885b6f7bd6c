import { OPERATION_TABLE } from "../../gateway/operations-table"
import { sign } from "../../gateway/signing"
import { QUERY_RESULT, RETURN_OK } from "../../gateway/status-codes"
import type { SandboxCore } from "../core"
import { signFields, type Caller } from "../http/auth"
import { json, type Reply } from "../http/reply"
import { orderRecordJson, refundRecord } from "../records"
import {
  SELECTION_NAMINGS,
  SELECTION_NAMING_NAMES,
  selectionPin,
  type HeardReading,
  type Retrieval,
} from "../silent-points"
import type { Order } from "../state/order"

/**
 * Selection under any of SELECTION_NAMINGS unless pinned; other namings are then ignored, as a gateway
 * ignores unknown fields. Query problems answer 200 with a non-1 return_status. Unknown orders are left
 * out or listed with query_result 2; return_status stays 1, so "not at the gateway" differs from a failure.
 */
function list(v: unknown): string[] {
  const parts = Array.isArray(v)
    ? v.map(String)
    : typeof v === "string" || typeof v === "number"
      ? String(v).split(",")
      : []
  return parts.map((s) => s.trim()).filter(Boolean)
}

type Unknown = { order_no: string } | { transaction_id: string }
type Selected = { ok: true; orders: Order[]; unknown: Unknown[] } | { ok: false; status: string; message: string }

type Hear = (reading: HeardReading) => void

function selection(core: SandboxCore, op: Retrieval, body: Record<string, unknown>, hear: Hear) {
  const pinned = selectionPin(core.options, op)
  const taken: Array<{ orders: string[]; trades: string[] }> = []
  for (const naming of SELECTION_NAMING_NAMES) {
    const names = SELECTION_NAMINGS[naming]
    const asked = {
      orders: Object.hasOwn(body, names.orders) ? list(body[names.orders]) : [],
      trades: Object.hasOwn(body, names.trades) ? list(body[names.trades]) : [],
    }
    if (!asked.orders.length && !asked.trades.length) continue
    const ok = pinned === null || pinned === naming
    hear({ point: "retrieval_selection", reading: naming, taken: ok })
    if (ok) taken.push(asked)
  }
  if (taken.length <= 1) return taken[0] ?? { orders: [], trades: [] }
  // Two namings in one request: one list, each value once.
  return {
    orders: [...new Set(taken.flatMap((t) => t.orders))],
    trades: [...new Set(taken.flatMap((t) => t.trades))],
  }
}

function select(
  core: SandboxCore,
  op: Retrieval,
  caller: Caller,
  body: Record<string, unknown>,
  limit: number,
  hear: Hear,
): Selected {
  const { orders, trades } = selection(core, op, body, hear)
  if (!orders.length && !trades.length) {
    return {
      ok: false,
      status: QUERY_RESULT.INCOMPLETE,
      message: "Parameters incomplete: give orders or trades (comma-separated)",
    }
  }
  if (orders.length + trades.length > limit) {
    return { ok: false, status: QUERY_RESULT.TOO_MANY, message: `Too many orders: at most ${limit} per request` }
  }
  const { merchant_id } = caller.merchant
  const mine = (o: Order | undefined): o is Order =>
    !!o && o.merchant_id === merchant_id && o.account_id === caller.account.account_id
  const found = new Map<string, Order>()
  const unknown = new Map<string, Unknown>() // one entry per asked value, as found orders are one each
  for (const orderNo of orders) {
    const order = core.store.byOrder(merchant_id, orderNo)
    if (mine(order)) found.set(order.transaction_id, order)
    else unknown.set(`o:${orderNo}`, { order_no: orderNo })
  }
  for (const transactionId of trades) {
    const o = core.store.byTransaction(transactionId)
    if (mine(o)) found.set(o.transaction_id, o)
    else unknown.set(`t:${transactionId}`, { transaction_id: transactionId })
  }
  return { ok: true, orders: [...found.values()], unknown: [...unknown.values()] }
}

/** An order record (gateway-interface.md §2.5) for an order the gateway does not have: query_result 2. */
function notFoundRecord(u: Unknown) {
  return {
    amount: "",
    currency: "",
    order_no: "order_no" in u ? u.order_no : "",
    payment_status: "",
    query_result: QUERY_RESULT.NOT_FOUND,
    transaction_id: "transaction_id" in u ? u.transaction_id : "",
  }
}

export function retrievalTrans(
  core: SandboxCore,
  caller: Caller,
  body: Record<string, unknown>,
  ip: string,
  hear: Hear = () => {},
): Reply {
  const head = { merchant_id: caller.merchant.merchant_id, account_id: caller.account.account_id }
  if (!caller.merchant.registered_ips.includes(ip)) {
    return json({
      ...head,
      return_status: QUERY_RESULT.IP_NOT_REGISTERED,
      return_message: "IP not registered",
      orders_list: [],
    })
  }
  const sel = select(core, "retrievalTrans", caller, body, OPERATION_TABLE.retrievalTrans.selectionLimit!, hear)
  if (!sel.ok) return json({ ...head, return_status: sel.status, return_message: sel.message, orders_list: [] })
  // Records are spliced in as cached JSON text: same bytes as JSON.stringify of the whole answer.
  const reply = json({ ...head, return_status: RETURN_OK, return_message: "OK", orders_list: [] })
  const records = sel.orders.map(orderRecordJson)
  if (core.options.readings.unknown_order === "query_result_2")
    records.push(...sel.unknown.map((u) => JSON.stringify(notFoundRecord(u))))
  reply.body = `${reply.body.slice(0, -2)}${records.join(",")}]}`
  return reply
}

export function retrievalRefund(
  core: SandboxCore,
  caller: Caller,
  body: Record<string, unknown>,
  hear: Hear = () => {},
): Reply {
  const head = { account_id: caller.account.account_id, merchant_id: caller.merchant.merchant_id }
  const encryption_data = sign(head, signFields(core, "retrievalRefund"), caller.account.sign_key)
  const sel = select(core, "retrievalRefund", caller, body, OPERATION_TABLE.retrievalRefund.selectionLimit!, hear)
  if (!sel.ok)
    return json({ ...head, encryption_data, return_status: sel.status, return_message: sel.message, refund_orders: [] })
  const refund_orders = sel.orders.flatMap((o) => o.refunds.map((r) => refundRecord(o, r)))
  return json({ ...head, encryption_data, return_status: RETURN_OK, return_message: "OK", refund_orders })
}
