import type { OrderRecord } from "../../../../../gateway/schemas/transactions"
import type { TrackedDispute } from "../../../../../lib/acquiring/disputes"
import { keptDeadline } from "../../../../../lib/acquiring/kept"
import { mapOrderRecord } from "../../../../../lib/acquiring/status"
import { parseTracked } from "../../../../../lib/acquiring/refunds"
import type { PaymentView } from "../../../../../lib/acquiring/queries/payments"

/** No personal data beyond what the admin already sees. */
export function presentPayment(payment: PaymentView, record: OrderRecord | undefined, disputes: TrackedDispute[] = []) {
  const data = payment.data
  return {
    payment_id: payment.id,
    provider_id: payment.provider_id,
    order_no: data?.order_no ?? null,
    transaction_id: record?.transaction_id ?? data?.transaction_id ?? null,
    account_id: data?.account_id ?? null,
    amount: payment.amount,
    currency: payment.currency_code,
    medusa: {
      captured: payment.captured,
      refunded: payment.refunded,
      captured_at: payment.captured_at,
      canceled_at: payment.canceled_at,
    },
    gateway: record
      ? {
          payment_status: record.payment_status ?? null,
          status: mapOrderRecord(record).status,
          is3ds: record.is3ds === "1",
          antifraud_provider: record.antifraud_provider ?? "",
          fraud_check_result: record.fraud_check_result ?? [],
          transaction_date: record.transaction_date ?? "",
        }
      : null,
    captures: (data?.captures ?? []).map((c) => ({ id: c.id, amount: c.amount, source: c.source })),
    refunds: parseTracked(data?.refunds).map((r) => ({
      refund_reference_id: r.refund_reference_id,
      refund_amount: r.refund_amount,
      refund_status: r.refund_status,
      medusa_refund_id: r.medusa_refund_id ?? null,
      refund_date: r.refund_date ?? null,
    })),
    /** An authorisation kept after an order edit: its deadline and how it ended. */
    kept: data?.kept_authorisation
      ? {
          ...keptDeadline(data.kept_authorisation, new Date()),
          since: data.kept_authorisation.since,
          released_at: data.kept_authorisation.released_at ?? null,
          outcome: data.kept_authorisation.outcome ?? null,
        }
      : null,
    disputes: disputes.map((x) => ({
      id: x.id,
      status: x.status,
      reason: x.reason,
      amount: x.amount,
      deadline: x.deadline,
      opened_at: x.opened_at,
      closed_at: x.closed_at,
      /** No dispute query exists to confirm a notification's report. */
      reported_by: "notification" as const,
      /** Every report carried the payment notification's signature: it may be that one re-posted. */
      unconfirmed: x.history.length > 0 && x.history.every((r) => r.unconfirmed),
      history: [...x.history]
        .sort((a, b) => Date.parse(a.at) - Date.parse(b.at))
        .map((r) => ({ status: r.status, gateway_status: r.gateway_status, at: r.at })),
    })),
  }
}
export type PresentedPayment = ReturnType<typeof presentPayment>
