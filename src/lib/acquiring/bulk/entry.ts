import type { CurrencyRule } from "../../../gateway/currencies"
import type { BatchEntry } from "../batch"
import { paymentGatewayAmount } from "../money"
import type { Work } from "./types"

/** Medusa's amount as the gateway takes it: a session opened with half_up rounding gets rounded amounts. */
export function gatewayEntry(work: Work, marker: string, rule: CurrencyRule): BatchEntry {
  const data = work.payment.data!
  return {
    ref: data,
    transaction_id: data.transaction_id ?? "",
    amount: paymentGatewayAmount((work.step as { amount: string }).amount, data, rule),
    refund_reason: marker,
  }
}
