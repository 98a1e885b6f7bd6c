import type { OrderRecord } from "../../gateway/schemas/transactions"
import { PAYMENT_STATUS } from "../../gateway/status-codes"
import { QUERY_RESULT } from "../../gateway/status-codes"
import type { SessionStatus } from "./options"

/** Only 3000 and 4100 appear in the spec; the rest follow the gateway's status codes, remappable by `status_map`. */
export const DEFAULT_STATUS_MAP: Readonly<Record<string, SessionStatus>> = {
  [PAYMENT_STATUS.WAITING_SHOPPER]: "pending",
  // A fraud-review hold: the order may be placed, the payment is decided later (review notification).
  [PAYMENT_STATUS.REVIEW]: "pending_authorization",
  [PAYMENT_STATUS.AUTHORISED]: "authorized",
  [PAYMENT_STATUS.PAID]: "captured",
  [PAYMENT_STATUS.PARTIALLY_REFUNDED]: "captured",
  [PAYMENT_STATUS.REFUNDED]: "captured",
  [PAYMENT_STATUS.CANCELLED]: "canceled",
  [PAYMENT_STATUS.DECLINED]: "error",
}

/** Without payment_status, the engine's query_result (inferred): success is taken as authorised only. */
const QUERY_RESULT_MAP: Readonly<Record<string, SessionStatus>> = {
  [QUERY_RESULT.WAITING_REVIEW]: "pending_authorization",
  [QUERY_RESULT.PENDING]: "pending",
  [QUERY_RESULT.FAILED]: "error",
  [QUERY_RESULT.SUCCESS]: "authorized",
}

export interface MappedStatus {
  status: SessionStatus
  code: string
  known: boolean
}

/** No record: not submitted yet, pending. Unknown codes are a safe `pending`, flagged for one log line. */
export function mapOrderRecord(
  record: Pick<OrderRecord, "payment_status" | "query_result"> | undefined,
  overrides: Readonly<Record<string, SessionStatus>> = {},
  variantDefaults: Readonly<Record<string, SessionStatus>> = {},
): MappedStatus {
  // query_result 2 says the gateway does not know the order (the client drops such entries): no record.
  if (!record || record.query_result === QUERY_RESULT.NOT_FOUND) return { status: "pending", code: "none", known: true }
  const table = { ...DEFAULT_STATUS_MAP, ...variantDefaults, ...overrides }
  const ps = record.payment_status
  if (ps !== undefined && ps !== "") {
    const status = table[ps]
    return status ? { status, code: ps, known: true } : { status: "pending", code: ps, known: false }
  }
  const q = record.query_result
  const status = overrides[`query_result:${q}`] ?? QUERY_RESULT_MAP[q]
  return status
    ? { status, code: `query_result:${q}`, known: true }
    : { status: "pending", code: `query_result:${q}`, known: false }
}

/** The status last answered to Medusa, read back from the data written; `pending` if none. */
export function statusOfData(
  statusCode: string | undefined,
  overrides: Readonly<Record<string, SessionStatus>> = {},
  variantDefaults: Readonly<Record<string, SessionStatus>> = {},
): SessionStatus {
  if (!statusCode || statusCode === "none") return "pending"
  const q = /^query_result:(.*)$/.exec(statusCode)
  const record = q ? { query_result: q[1] } : { payment_status: statusCode, query_result: "" }
  return mapOrderRecord(record, overrides, variantDefaults).status
}
