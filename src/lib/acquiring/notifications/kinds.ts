import { PaymentActions } from "@medusajs/framework/utils"
import type { NotifyReply } from "./replies"

/** notify_type as the body declares it (an own key; absent = payment, as the gateway client reads it). */
export function notifyTypeOf(body: Record<string, unknown>): unknown {
  return body && Object.hasOwn(body, "notify_type") ? body.notify_type : "payment"
}

/** Kinds whose money an orphaned gateway order may hold. */
export const MONEY_TYPES: ReadonlySet<unknown> = new Set(["payment", "review"])

/** Refused before any verification: the body cannot name one of our orders on this hook. */
export function bodyRefusal(body: Record<string, unknown>): NotifyReply | undefined {
  if (notifyTypeOf(body) === "payout")
    return { status: 400, body: "payout notifications go to the payouts notify_url (/hooks/acquiring/payout)" }
  if (!orderNoOf(body)) return { status: 400, body: "order_no is missing" }
  return undefined
}

export const orderNoOf = (body: Record<string, unknown>): string =>
  typeof body?.order_no === "string" ? body.order_no : ""

/** What a confirmed payment result asks of Medusa: its workflow, the decline's reason, or nothing. */
export function paymentActionKind(action: string): "payment" | "decline" | "none" {
  if (action === PaymentActions.AUTHORIZED || action === PaymentActions.SUCCESSFUL) return "payment"
  if (action === PaymentActions.FAILED || action === PaymentActions.CANCELED) return "decline"
  return "none"
}

/** Session states Medusa reaches only through a recorded payment. */
export const FINISHED: ReadonlySet<string> = new Set(["authorized", "captured"])
