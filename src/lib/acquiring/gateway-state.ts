import type { GatewayClient } from "../../gateway/client-types"
import { callOpts } from "./batch"
import type { OrderRecord } from "../../gateway/schemas/transactions"
import { QUERY_RESULT } from "../../gateway/status-codes"
import { cents } from "./money"
import type { AcquiringData } from "./payment-data"

/** query_result 2: the gateway does not know the order (the spec §3; the legacy dialect's way to leave it out). */
export const isUnknownOrder = (rec: Pick<OrderRecord, "query_result">) =>
  String(rec.query_result ?? "").trim() === QUERY_RESULT.NOT_FOUND

/** The latest record per order (hosted-page retries); "not found" entries are dropped, whatever the dialect. */
export function latestRecords(records: OrderRecord[]): Map<string, OrderRecord> {
  const out = new Map<string, OrderRecord>()
  for (const rec of records) {
    if (isUnknownOrder(rec)) continue
    const prev = out.get(rec.order_no)
    if (!prev || (rec.transaction_date ?? "") >= (prev.transaction_date ?? "")) out.set(rec.order_no, rec)
  }
  return out
}

/** The gateway's record of our order (retrievalTrans by order_no); undefined = not submitted yet. */
export async function lookupOrder(
  client: GatewayClient,
  data: Pick<AcquiringData, "order_no" | "account_id" | "currency">,
) {
  const { orders_list } = await client.retrieveTransactions({ orders: [data.order_no] }, callOpts(data))
  return latestRecords(orders_list).get(data.order_no)
}

/** "12.5" or "12.50" → "12.50": the gateway may drop trailing zeros in answers. */
export function normaliseAmount(a: string): string | null {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(a.trim())
  return m ? `${m[1]}.${(m[2] ?? "").padEnd(2, "0")}` : null
}

/** The gateway record carries exactly our amount and currency (a mismatch is never authorised). */
export function recordMatches(
  record: Pick<OrderRecord, "amount" | "currency">,
  data: Pick<AcquiringData, "amount" | "currency">,
) {
  const a = normaliseAmount(String(record.amount))
  return !!a && cents(a) === cents(data.amount) && String(record.currency).toUpperCase() === data.currency
}

export function withRecord(data: AcquiringData, record: OrderRecord | undefined, statusCode: string): AcquiringData {
  return {
    ...data,
    transaction_id: record?.transaction_id || data.transaction_id,
    payment_status: record?.payment_status ?? data.payment_status,
    status_code: statusCode,
  }
}
