import type { OrderRecord } from "../../../gateway/schemas/transactions"
import { PAYMENT_STATUS } from "../../../gateway/status-codes"

const BY_STATUS: Record<string, string> = {
  [PAYMENT_STATUS.CANCELLED]: "voided at the gateway (nothing to settle)",
  [PAYMENT_STATUS.DECLINED]: "declined at the gateway (nothing to settle)",
  [PAYMENT_STATUS.REFUNDED]: "refunded at the gateway (nothing to settle)",
}

/** Why a gateway order of a deleted session needs nothing: what the gateway says, or that it was never paid. */
export const closedDetail = (record: Pick<OrderRecord, "payment_status"> | undefined): string =>
  BY_STATUS[record?.payment_status ?? ""] ?? "never paid (nothing to settle)"
