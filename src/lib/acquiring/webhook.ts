import type { Logger, ProviderWebhookPayload, WebhookActionResult } from "@medusajs/framework/types"
import { BigNumber, MedusaError, PaymentActions } from "@medusajs/framework/utils"
import type { GatewayClient } from "../../gateway/client-types"
import { logText } from "../../gateway/log-text"
import { isGatewayError, isGatewayOutage } from "../../gateway/errors"
import type { Notification } from "../../gateway/schemas/notification"
import type { OrderRecord } from "../../gateway/schemas/transactions"
import { sessionIdFromOrderNo } from "./order-no"
import type { MappedStatus } from "./status"
import type { SessionStatus } from "./options"
import { DECLINE_KEY, declineReasonOf, type DeclineCategory, type DeclineReason } from "./decline"
import { toMedusaError } from "./errors"
import { lookupOrder, normaliseAmount } from "./gateway-state"
import type { AcquiringData, Variant } from "./payment-data"

export interface WebhookDeps {
  client: GatewayClient
  logger: Logger | Console
  variant: Variant
  mapStatus: (record: OrderRecord | undefined, d: AcquiringData) => MappedStatus
  declineReasons?: Readonly<Record<string, DeclineCategory>>
}

export type AcquiringWebhookData = NonNullable<WebhookActionResult["data"]> & { [DECLINE_KEY]?: DeclineReason }

/** AUTHORIZED also for a paid order: processPaymentWorkflow completes the cart and never records a second capture. */
const ACTIONS: Record<SessionStatus, PaymentActions> = {
  authorized: PaymentActions.AUTHORIZED,
  captured: PaymentActions.AUTHORIZED,
  pending: PaymentActions.PENDING,
  pending_authorization: PaymentActions.PENDING_AUTHORIZATION,
  requires_more: PaymentActions.REQUIRES_MORE,
  error: PaymentActions.FAILED,
  canceled: PaymentActions.CANCELED,
}

export function verifyNotification(client: GatewayClient, payload: ProviderWebhookPayload["payload"]): Notification {
  const raw = payload.rawData
  const body = raw && (typeof raw === "string" ? raw.length : raw.byteLength) ? raw.toString() : payload.data
  try {
    return client.parseNotification(body as string | Record<string, unknown>)
  } catch (e) {
    if (isGatewayError(e) && e.kind === "signature") {
      throw new MedusaError(MedusaError.Types.UNAUTHORIZED, `acquiring notification refused: ${e.message}`)
    }
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `acquiring notification malformed: ${(e as Error).message}`)
  }
}

/** Verify, then confirm with retrievalTrans: the notification is only a hint. A foreign order is not_supported. */
export async function webhookAction(
  payload: ProviderWebhookPayload["payload"],
  deps: WebhookDeps,
): Promise<WebhookActionResult> {
  const n = verifyNotification(deps.client, payload)
  // Refunds and disputes change a payment, not a session: our notify route handles them.
  if (n.notify_type !== "payment" && n.notify_type !== "review") return { action: PaymentActions.NOT_SUPPORTED }
  const session_id = sessionIdFromOrderNo(String(n.order_no))
  if (!session_id) return { action: PaymentActions.NOT_SUPPORTED }
  const data = {
    order_no: String(n.order_no),
    account_id: String(n.account_id),
    currency: String(n.currency).toUpperCase(),
  }
  let record: OrderRecord
  try {
    record = await confirmedOrder(deps.client, n)
  } catch (e) {
    // An outage is no verdict on the notification: not a refusal, so the hook answers 503 and the gateway retries.
    if (isGatewayOutage(e))
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        "Confirming the notification: the gateway is unavailable",
      )
    throw toMedusaError(e, "Confirming the notification")
  }
  const recAmount = normaliseAmount(String(record.amount))! // confirmedOrder checked it
  const mapped = deps.mapStatus(record, { ...data, amount: recAmount, variant: deps.variant } as AcquiringData)
  const out: AcquiringWebhookData = { session_id, amount: new BigNumber(recAmount) }
  const decline =
    mapped.status === "error" || mapped.status === "canceled" ? declineOf(n, mapped.status, deps) : undefined
  if (decline) {
    const { known, ...reason } = decline
    out[DECLINE_KEY] = reason
    // An ordinary outcome of a payment, not a fault: one info line with the order and the reason.
    deps.logger.info(`acquiring: order ${data.order_no} ${declineLine(mapped, reason, known)}`)
  } else {
    deps.logger.info(`acquiring: notification for ${data.order_no} confirmed as ${mapped.status} (${mapped.code})`)
  }
  return { action: ACTIONS[mapped.status], data: out }
}

function declineLine(mapped: MappedStatus, reason: DeclineReason, known: boolean): string {
  const what = `${mapped.status === "canceled" ? "canceled" : "declined"} (${mapped.code}): ${reason.category}`
  if (!reason.code) return `${what}, the gateway gave no reason`
  const given = `${what}, gateway reason ${logText(reason.code, 10)} "${logText(reason.text, 80)}"`
  return known ? given : `${given}; code not mapped, so shown as ${reason.category} (decline_reasons option)`
}

/** The signed order_info's reason; unmapped, a cancelled order (5000) is `cancelled`, else `declined`. */
function declineOf(n: Notification, status: SessionStatus, deps: WebhookDeps): ReturnType<typeof declineReasonOf> {
  const given = declineReasonOf(String(n.order_info ?? ""), deps.declineReasons)
  const reason = given ?? { code: "", text: "", category: "declined" as const, known: false }
  return status === "canceled" && !reason.known ? { ...reason, category: "canceled" } : reason
}

/** The record must exist and carry the notification's amount, currency and transaction. */
export async function confirmedOrder(client: GatewayClient, n: Notification): Promise<OrderRecord> {
  const data = {
    order_no: String(n.order_no),
    account_id: String(n.account_id),
    currency: String(n.currency).toUpperCase(),
  }
  const record = await lookupOrder(client, data)
  if (!record)
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `acquiring notification for unknown order ${data.order_no}`)
  const noteAmount = normaliseAmount(String(n.amount))
  const recAmount = normaliseAmount(String(record.amount))
  if (!recAmount || noteAmount !== recAmount || String(record.currency).toUpperCase() !== data.currency) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `acquiring notification amount/currency differs from the gateway record of ${data.order_no}`,
    )
  }
  // The transaction is signed and required: it must be the record's.
  if (String(n.transaction_id) !== String(record.transaction_id ?? "")) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `acquiring notification transaction differs from the gateway record of ${data.order_no}`,
    )
  }
  return record
}
