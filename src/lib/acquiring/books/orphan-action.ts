import type { OrderRecord } from "../../../gateway/schemas/transactions"
import { PAYMENT_STATUS } from "../../../gateway/status-codes"
import type { SessionStatus } from "../options"
import { mapOrderRecord } from "../status"

export type OrphanAction = "void" | "refund" | "close" | "wait" | "report"

/**
 * By the merchant's `status_map`: an authorisation or hold is voided, a paid order refunded in full;
 * a part-refunded one or an unmapped code goes to the admin (refunding "the rest" would guess).
 */
export function orphanAction(
  record: Pick<OrderRecord, "payment_status" | "query_result"> | undefined,
  expired: boolean,
  statusMap: Readonly<Record<string, SessionStatus>> = {},
): OrphanAction {
  const mapped = mapOrderRecord(record, statusMap)
  if (!mapped.known) return "report"
  const code = record?.payment_status
  switch (mapped.status) {
    case "authorized":
    case "pending_authorization":
      return "void"
    case "captured":
      if (code === PAYMENT_STATUS.REFUNDED) return "close"
      return code === PAYMENT_STATUS.PARTIALLY_REFUNDED ? "report" : "refund"
    case "canceled":
    case "error":
      return "close"
    default:
      return expired ? "close" : "wait"
  }
}
