import type { MedusaContainer, WebhookActionResult } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, PaymentActions } from "@medusajs/framework/utils"
import { processPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { isAcquiringProvider, webhookProviderOf } from "../../../../lib/acquiring/config"
import { logText } from "../../../../gateway/log-text"
import { sameSentAmount } from "../../../../lib/acquiring/money"
import { sessionIdFromOrderNo } from "../../../../lib/acquiring/order-no"
import { DECLINE_KEY } from "../../../../lib/acquiring/decline"
import type { AcquiringWebhookData } from "../../../../lib/acquiring/webhook"
import { accountedFor, withStockLocks } from "../../../../workflows/acquiring/carts"
import { settleKeptAfterPaymentWorkflow } from "../../../../workflows/acquiring/kept"
import { recordDecline } from "./decline"
import { handleDisputeNotification } from "./dispute"
import { handleOrphanNotification } from "./orphan"
import { handleRefundNotification } from "./refund"
import { loggerOf, replyFor, SUCCESS, type NotifyReply } from "./replies"
import { unsealedReply } from "./seal"
import { RESEALED } from "../../../../workflows/acquiring/books/seal"
import { cartIdOf, findSession } from "./session"
import { LOCK_KEYS } from "../../../../lib/acquiring/lock-keys"

export type { NotifyReply }

export interface NotifyInput {
  body: Record<string, unknown>
  rawBody?: Buffer
  headers: Record<string, unknown>
  /** The delivery's digest as received, when its body is a stored copy ("Process again"). */
  digest?: string
  /** A dispute whose signature came first on another kind of notification of the order. */
  unconfirmed?: boolean
}

export interface NotifySession {
  id: string
  provider_id: string
  amount: number
  currency_code: string
  payment_collection_id: string
  status?: string
  /** The provider's session data (its amount_rounding says how the amount was sent). */
  data?: Record<string, unknown> | null
}

const DRIVEN = new Set<string>([PaymentActions.AUTHORIZED, PaymentActions.SUCCESSFUL])
/** Nothing for Medusa's workflow to do; the reason is kept for the storefront. */
const ENDED = new Set<string>([PaymentActions.FAILED, PaymentActions.CANCELED])
const FINISHED = new Set<string>(["authorized", "captured"])

/** Whether the collection is a cart's, and whether the effect is durable (the cart has its order). */
async function collectionState(
  scope: MedusaContainer,
  collectionId: string,
): Promise<{ cart: boolean; recorded: boolean }> {
  const cartId = await cartIdOf(scope, collectionId)
  if (!cartId) return { cart: false, recorded: true }
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data: orders } = await query.graph({
    entity: "order_cart",
    fields: ["order_id"],
    filters: { cart_id: cartId },
  })
  return { cart: true, recorded: orders.length > 0 }
}

/** Duplicates meet Medusa's idempotent steps, so the order is created once; `success` only once it exists. */
export async function handleNotification(scope: MedusaContainer, input: NotifyInput): Promise<NotifyReply> {
  const reply = await handle(scope, input)
  if (reply.status >= 400) logRefusal(scope, input, reply)
  return reply
}

/** One sanitised warning per refusal: never the body, its signature or the key. */
function logRefusal(scope: MedusaContainer, input: NotifyInput, reply: NotifyReply) {
  loggerOf(scope)?.warn(
    `acquiring notification refused (${reply.status}): ${logText(reply.body, 300)}; order_no "${logText(input.body?.order_no, 60)}"`,
  )
}

/** notify_type as the body declares it (an own key; absent = payment, as the gateway client reads it). */
function notifyTypeOf(body: Record<string, unknown>): unknown {
  return body && Object.hasOwn(body, "notify_type") ? body.notify_type : "payment"
}

const BY_KIND: Partial<Record<string, typeof handleRefundNotification>> = {
  refund: handleRefundNotification,
  dispute: handleDisputeNotification,
}

async function handle(scope: MedusaContainer, input: NotifyInput): Promise<NotifyReply> {
  const kind = notifyTypeOf(input.body)
  if (kind === "payout")
    return { status: 400, body: "payout notifications go to the payouts notify_url (/hooks/acquiring/payout)" }
  const orderNo = typeof input.body?.order_no === "string" ? input.body.order_no : ""
  if (!orderNo) return { status: 400, body: "order_no is missing" }
  const unsealed = await unsealedReply(scope, input)
  if (unsealed === "unconfirmed") input = { ...input, unconfirmed: true }
  else if (unsealed) return unsealed
  const sessionId = sessionIdFromOrderNo(orderNo)
  const session = sessionId ? await findSession(scope, sessionId) : undefined
  // One of our order numbers whose session Medusa deleted: money on it belongs to no order (orphan.ts).
  if (!session && sessionId)
    return input.unconfirmed ? { status: 401, body: RESEALED } : handleOrphanNotification(scope, input, orderNo)
  if (!session || !isAcquiringProvider(session.provider_id)) return { status: 404, body: "unknown order" }
  const other = typeof kind === "string" ? BY_KIND[kind] : undefined
  if (other) {
    try {
      return await other(scope, session, input, orderNo)
    } catch (e) {
      return replyFor(e)
    }
  }

  const payment = scope.resolve(Modules.PAYMENT)
  let result: WebhookActionResult
  try {
    result = await payment.getWebhookActionAndData({
      provider: webhookProviderOf(session.provider_id),
      payload: { data: input.body, rawData: input.rawBody ?? "", headers: input.headers },
    })
  } catch (e) {
    return replyFor(e)
  }
  if (result.data?.session_id !== session.id) return { status: 400, body: "notification does not match the order" }
  // Compared as sent: a session opened with currency_rounding half_up sent Medusa's amount rounded.
  if (!sameSentAmount(result.data.amount, session.amount, session.data))
    return { status: 400, body: "amount differs from the payment session" }
  // The provider compared the (signed) currency with the gateway's record; the session's must be it too.
  if (String(input.body.currency ?? "").toUpperCase() !== session.currency_code.toUpperCase()) {
    return { status: 400, body: "currency differs from the payment session" }
  }
  if (ENDED.has(result.action)) {
    try {
      await recordDecline(scope, session, (result.data as AcquiringWebhookData)[DECLINE_KEY])
    } catch {
      // The reason is for the shopper's page only; a retry of the notification brings it again.
      return { status: 503, body: "decline reason not recorded yet; try again" }
    }
    return SUCCESS
  }
  if (!DRIVEN.has(result.action)) return SUCCESS
  // A repeated delivery (gateway retries, copies reaching several instances at once) of a result
  // Medusa already holds: verified above, nothing left to run, so no workflow and no lock wait.
  if (FINISHED.has(session.status ?? "") && (await collectionState(scope, session.payment_collection_id)).recorded)
    return SUCCESS
  // A cart that could not become an order, whose payment the books gave back: nothing left to do.
  const givenBack = await accountedFor(scope, orderNo)
  if (givenBack) return { ...SUCCESS, changed: `no order for this payment: ${givenBack}` }

  const locking = scope.resolve(Modules.LOCKING)
  const cartId = await cartIdOf(scope, session.payment_collection_id)
  // The completion it may run holds the cart's stock locks, as the store route's does.
  const run = () => processPaymentWorkflow(scope).run({ input: result })
  await locking.execute(
    LOCK_KEYS.session(session.id),
    async () => {
      await (cartId ? withStockLocks(scope, cartId, run) : run())
    },
    { timeout: 30 },
  )
  const state = await collectionState(scope, session.payment_collection_id)
  if (!state.recorded) {
    const settled = await accountedFor(scope, orderNo)
    return settled
      ? { ...SUCCESS, changed: `no order for this payment: ${settled}` }
      : { status: 503, body: "not recorded yet" }
  }
  // An order's later collection is paid: the authorisation its edit kept is voided now. A cart's
  // collection is an order's first, so no edit can have kept one before it (no queries on checkout).
  if (!state.cart) {
    // Never fails the reply: the payment is recorded already, and reconciliation retries what fails here.
    const { errors } = await settleKeptAfterPaymentWorkflow(scope).run({
      input: { collection_id: session.payment_collection_id },
      throwOnError: false,
    })
    if (errors.length)
      loggerOf(scope)?.warn(
        `acquiring: kept authorisations of collection ${session.payment_collection_id} not checked (${logText(errors[0].error?.message, 200)}); reconciliation retries`,
      )
  }
  return { ...SUCCESS, changed: `payment ${result.action} recorded in Medusa` }
}
