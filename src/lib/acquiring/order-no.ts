import { MedusaError } from "@medusajs/framework/utils"
import { OrderNo } from "../../gateway/schemas/common"

/** The engine takes 5–50 of [0-9A-Za-z]: `payses_01H…` → `payses01H…`; a retry is a new session, so no collision (I0061). */
export function orderNoFromSession(sessionId: string): string {
  const orderNo = sessionId.replace(/[^0-9A-Za-z]/g, "").slice(0, 50)
  const r = OrderNo.safeParse(orderNo)
  if (!r.success)
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `payment session id ${sessionId} cannot form an order_no: ${r.error.issues[0].message}`,
    )
  return orderNo
}

const ULID = "[0-9A-Z]{26}"
export const SESSION_ID = new RegExp(`^payses_${ULID}$`)
/** Every order number this plugin opens at the gateway (a notification naming another one is not ours). */
export const SESSION_ORDER_NO_PATTERN = `^payses${ULID}$`
const SESSION_ORDER_NO = new RegExp(`^payses(${ULID})$`)

export function sessionIdFromOrderNo(orderNo: string): string | null {
  const m = SESSION_ORDER_NO.exec(orderNo)
  return m ? `payses_${m[1]}` : null
}
