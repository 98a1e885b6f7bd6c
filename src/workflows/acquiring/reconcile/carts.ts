import type { MedusaContainer } from "@medusajs/framework/types"
import { BigNumber, ContainerRegistrationKeys, PaymentActions } from "@medusajs/framework/utils"
import { completeCartWorkflow, processPaymentWorkflow } from "@medusajs/medusa/core-flows"
import type { OrderRecord } from "../../../gateway/schemas/transactions"
import { classifyCompletionFailure } from "../../../lib/acquiring/completion"
import { tryReadData, type AcquiringData } from "../../../lib/acquiring/payment-data"
import { mapOrderRecord } from "../../../lib/acquiring/status"
import { settleUnplaceableWorkflow } from "../carts/settle-unplaceable"
import { withStockLocks } from "../../../lib/acquiring/carts/stock-locks"
import type { ReconcileChange } from "./apply"
import type { GraphQuery, GraphRow } from "../../../lib/acquiring/queries/graph"

/** A session of a cart without an order, or of a collection without a cart: only a notification authorises it. */
export interface OpenSession {
  session_id: string
  provider_id: string
  cart_id?: string
  data: AcquiringData
}

export async function sessionsOfOpenCarts(container: MedusaContainer, sessions: GraphRow[]): Promise<OpenSession[]> {
  if (!sessions.length) return []
  const query = container.resolve(ContainerRegistrationKeys.QUERY) as unknown as GraphQuery
  const { data: cartLinks } = await query.graph({
    entity: "cart_payment_collection",
    fields: ["cart_id", "payment_collection_id"],
    filters: { payment_collection_id: [...new Set(sessions.map((s) => s.payment_collection_id))] },
  })
  const cartOf = new Map(cartLinks.map((l) => [l.payment_collection_id as string, l.cart_id as string]))
  const cartIds = [...new Set(cartLinks.map((l) => l.cart_id as string))]
  const { data: done } = cartIds.length
    ? await query.graph({ entity: "order_cart", fields: ["cart_id"], filters: { cart_id: cartIds } })
    : { data: [] as GraphRow[] }
  const completed = new Set(done.map((l) => l.cart_id as string))
  const out: OpenSession[] = []
  for (const s of sessions) {
    const cart_id = cartOf.get(s.payment_collection_id)
    const data = tryReadData(s.data)
    if ((cart_id && completed.has(cart_id)) || !data) continue
    out.push({ session_id: s.id, provider_id: s.provider_id, cart_id, data })
  }
  return out
}

/** A paid gateway order whose cart never completed: complete it as the lost notification would have, or report. */
export async function repairCart(
  container: MedusaContainer,
  session: OpenSession,
  record: OrderRecord | undefined,
  opts: {
    complete: boolean
    status_map: Record<string, never> | Record<string, string>
    /** A completion that can never succeed gives the money back now (its grace period is over). */
    settle_unplaceable: boolean
  },
): Promise<ReconcileChange | null> {
  const mapped = mapOrderRecord(record, opts.status_map as never)
  if (mapped.status !== "authorized" && mapped.status !== "captured") return null
  const base = { order_no: session.data.order_no, cart_id: session.cart_id, amount: session.data.amount }
  if (!session.cart_id) return authorizeCollection(container, session, base)
  if (!opts.complete)
    return {
      ...base,
      kind: "cart_paid_not_completed",
      detail: `gateway status ${mapped.code}; reconcile_complete_carts is off`,
    }
  try {
    const cartId = session.cart_id
    const { result } = await withStockLocks(container, cartId, () =>
      completeCartWorkflow(container).run({ input: { id: cartId } }),
    )
    return { ...base, kind: "cart_completed", order_id: (result as { id: string }).id }
  } catch (e) {
    const detail = `completing the cart failed: ${(e as Error).message}`
    const failure = classifyCompletionFailure(e as Error)
    if (!failure.permanent) return { ...base, kind: "cart_paid_not_completed", detail }
    if (!opts.settle_unplaceable)
      return {
        ...base,
        kind: "cart_paid_not_completed",
        detail: `${detail} (${failure.cause}; given back after the grace period)`,
      }
    return settleCart(container, session, base, failure.cause, (e as Error).message)
  }
}

/** A paid cart that can never become an order: its payment voided or refunded in full (settleUnplaceable). */
async function settleCart(
  container: MedusaContainer,
  session: OpenSession,
  base: Omit<ReconcileChange, "kind">,
  cause: string,
  reason: string,
): Promise<ReconcileChange> {
  const cart = {
    cart_id: session.cart_id!,
    session_id: session.session_id,
    order_no: session.data.order_no,
    cause,
    reason,
  }
  try {
    const { result: outcome } = await settleUnplaceableWorkflow(container).run({ input: { ...cart, lock: true } })
    if (!outcome)
      return {
        ...base,
        kind: "cart_paid_not_completed",
        detail: `${cause}: ${reason}; a Medusa payment or order holds it`,
      }
    return { ...base, kind: "cart_unplaceable_settled", detail: outcome.detail }
  } catch (e) {
    return {
      ...base,
      kind: "error",
      detail: `giving back the payment of an unplaceable cart failed: ${(e as Error).message}`,
    }
  }
}

/**
 * A paid session of a collection without a cart: authorise it as its lost notification would
 * have (Medusa's processPaymentWorkflow asks the provider, which asks the gateway).
 */
async function authorizeCollection(
  container: MedusaContainer,
  session: OpenSession,
  base: Omit<ReconcileChange, "kind">,
): Promise<ReconcileChange> {
  try {
    const input = {
      action: PaymentActions.AUTHORIZED,
      data: { session_id: session.session_id, amount: new BigNumber(session.data.amount) },
    }
    await processPaymentWorkflow(container).run({ input })
    return { ...base, kind: "collection_authorized" }
  } catch (e) {
    return { ...base, kind: "error", detail: `authorising the session failed: ${(e as Error).message}` }
  }
}
