import type { CallOptions, GatewayClient } from "../../../gateway/client-types"
import type { OrderRecord } from "../../../gateway/schemas/transactions"
import { cents } from "../mappers/money"
import type { AcquiringData } from "./session-data"

export const callOpts = (d: Pick<AcquiringData, "account_id" | "currency">): CallOptions =>
  d.account_id ? { account_id: d.account_id } : { currency: d.currency }

/** The gateway's record of our order (retrievalTrans by order_no); undefined = not submitted yet. */
export async function lookupOrder(client: GatewayClient, d: Pick<AcquiringData, "order_no" | "account_id" | "currency">) {
  const { orders_list } = await client.retrieveTransactions({ orders: [d.order_no] }, callOpts(d))
  const mine = orders_list.filter((o) => o.order_no === d.order_no)
  // Several records (retries on the page) → the most recent decides.
  return mine.sort((a, b) => (b.transaction_date ?? "").localeCompare(a.transaction_date ?? ""))[0] as OrderRecord | undefined
}

/** "12.5" or "12.50" → "12.50": the gateway may drop trailing zeros in answers. */
export function normaliseAmount(a: string): string | null {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(a.trim())
  return m ? `${m[1]}.${(m[2] ?? "").padEnd(2, "0")}` : null
}

/** The gateway record carries exactly our amount and currency (a mismatch is never authorised). */
export function recordMatches(record: Pick<OrderRecord, "amount" | "currency">, d: Pick<AcquiringData, "amount" | "currency">) {
  const a = normaliseAmount(String(record.amount))
  return !!a && cents(a) === cents(d.amount) && String(record.currency).toUpperCase() === d.currency
}

/** Merge what the gateway says into our data; the transaction id is never dropped. */
export function withRecord(d: AcquiringData, record: OrderRecord | undefined, statusCode: string): AcquiringData {
  return {
    ...d,
    transaction_id: record?.transaction_id || d.transaction_id,
    payment_status: record?.payment_status ?? d.payment_status,
    status_code: statusCode,
  }
}
