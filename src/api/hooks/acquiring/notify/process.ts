import type { Logger, MedusaContainer, WebhookActionResult } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules, PaymentActions } from "@medusajs/framework/utils"
import { processPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { isAcquiringProvider } from "../../../../lib/acquiring-config"
import { logText } from "../../../../lib/log-text"
import { sameAmount } from "../../../../providers/acquiring/mappers/money"
import { sessionIdFromOrderNo } from "../../../../providers/acquiring/mappers/order-no"

export interface NotifyInput {
  body: Record<string, unknown>
  rawBody?: Buffer
  headers: Record<string, unknown>
}
export interface NotifyReply {
  status: number
  body: string
}

const STATUS_OF: Partial<Record<string, number>> = {
  [MedusaError.Types.UNAUTHORIZED]: 401,
  [MedusaError.Types.INVALID_DATA]: 400,
  [MedusaError.Types.NOT_ALLOWED]: 400,
  [MedusaError.Types.NOT_FOUND]: 404,
}
const DRIVEN = new Set<string>([PaymentActions.AUTHORIZED, PaymentActions.SUCCESSFUL])
/** Session states after which a success notification has nothing left to do (once the order exists). */
const FINISHED = new Set<string>(["authorized", "captured"])

async function findSession(scope: MedusaContainer, sessionId: string) {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment_session",
    fields: ["id", "provider_id", "amount", "currency_code", "payment_collection_id", "status"],
    filters: { id: sessionId },
  })
  return data[0] as
    | { id: string; provider_id: string; amount: number; currency_code: string; payment_collection_id: string; status?: string }
    | undefined
}

/** True when the notification's effect is durable: the cart (if any) has its order. */
async function recorded(scope: MedusaContainer, collectionId: string): Promise<boolean> {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data: links } = await query.graph({
    entity: "cart_payment_collection",
    fields: ["cart_id"],
    filters: { payment_collection_id: collectionId },
  })
  const cartId = (links[0] as { cart_id?: string } | undefined)?.cart_id
  if (!cartId) return true
  const { data: orders } = await query.graph({ entity: "order_cart", fields: ["order_id"], filters: { cart_id: cartId } })
  return orders.length > 0
}

/**
 * Our notify_url: verify (provider: signature rule + retrievalTrans), then drive Medusa's
 * processPaymentWorkflow under a lock per session. Duplicates and the storefront's own
 * completion meet Medusa's idempotent steps (authorized session, order per cart), so the
 * order is created once. `success` is answered only once the order exists.
 */
export async function handleNotification(scope: MedusaContainer, input: NotifyInput): Promise<NotifyReply> {
  const reply = await handle(scope, input)
  if (reply.status >= 400) logRefusal(scope, input, reply)
  return reply
}

/**
 * A refused notification (forged, tampered, foreign, unknown) leaves one warning: the answer
 * and the order number, sanitised (never the body, its signature or the key).
 */
function logRefusal(scope: MedusaContainer, input: NotifyInput, reply: NotifyReply) {
  let logger: Logger | undefined
  try {
    logger = scope.resolve(ContainerRegistrationKeys.LOGGER) as Logger
  } catch {
    return
  }
  logger?.warn(`acquiring notification refused (${reply.status}): ${logText(reply.body, 300)}; order_no "${logText(input.body?.order_no, 60)}"`)
}

async function handle(scope: MedusaContainer, input: NotifyInput): Promise<NotifyReply> {
  const orderNo = typeof input.body?.order_no === "string" ? input.body.order_no : ""
  if (!orderNo) return { status: 400, body: "order_no is missing" }
  const sessionId = sessionIdFromOrderNo(orderNo)
  const session = sessionId ? await findSession(scope, sessionId) : undefined
  if (!session || !isAcquiringProvider(session.provider_id)) return { status: 404, body: "unknown order" }

  const payment = scope.resolve(Modules.PAYMENT)
  let result: WebhookActionResult
  try {
    result = await payment.getWebhookActionAndData({
      provider: session.provider_id,
      payload: { data: input.body, rawData: input.rawBody ?? "", headers: input.headers },
    })
  } catch (e) {
    const status = e instanceof MedusaError ? STATUS_OF[e.type] : undefined
    return status ? { status, body: e instanceof Error ? e.message : "refused" } : { status: 503, body: "try again" }
  }
  if (result.data?.session_id !== session.id) return { status: 400, body: "notification does not match the order" }
  if (!sameAmount(result.data.amount, session.amount)) return { status: 400, body: "amount differs from the payment session" }
  if (!DRIVEN.has(result.action)) return { status: 200, body: "success" }
  // A repeated delivery (gateway retries, copies reaching several instances at once) of a result
  // Medusa already holds: verified above, nothing left to run, so no workflow and no lock wait.
  if (FINISHED.has(session.status ?? "") && (await recorded(scope, session.payment_collection_id))) return { status: 200, body: "success" }

  const locking = scope.resolve(Modules.LOCKING)
  await locking.execute(
    `acquiring:notify:${session.id}`,
    async () => {
      await processPaymentWorkflow(scope).run({ input: result })
    },
    { timeout: 30 },
  )
  if (!(await recorded(scope, session.payment_collection_id))) return { status: 503, body: "not recorded yet" }
  return { status: 200, body: "success" }
}
