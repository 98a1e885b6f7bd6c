import type { ConfigModule, MedusaContainer } from "@medusajs/framework/types"
import { BigNumber, ContainerRegistrationKeys, PaymentActions } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { completeCartWorkflow, processPaymentWorkflow } from "@medusajs/medusa/core-flows"
import type { OrderRecord } from "../../../../gateway/schemas/transactions"
import { classifyCompletionFailure } from "../../../../lib/acquiring/completion"
import { orderRecords } from "../../../../lib/acquiring/gateways"
import { sessionsOfOpenCarts, type OpenSession } from "../../../../lib/acquiring/queries/open-carts"
import { currentOptions } from "../../../../lib/acquiring/settings/current"
import type { OpenSessionRows } from "../../../../lib/acquiring/queries/open-sessions"
import type { ReconcileChange } from "../../../../lib/acquiring/reconcile/change"
import { gatewayRef } from "../../../../lib/acquiring/reconcile/drift"
import type { ReconcileTarget } from "../../../../lib/acquiring/reconcile/report"
import { configOf } from "../../../../lib/acquiring/reconcile/targets"
import { mapOrderRecord } from "../../../../lib/acquiring/status"
import { acquiringOf } from "../../../../modules/acquiring"
import { ACCOUNTED } from "../../../../lib/acquiring/carts/unplaceable"
import { withStockLocks } from "../../../../lib/acquiring/carts/stock-locks"
import { settleUnplaceableWorkflow } from "../../carts/settle-unplaceable"

interface RepairOptions {
  complete: boolean
  status_map: Record<string, never> | Record<string, string>
  /** A completion that can never succeed gives the money back now (its grace period is over). */
  settle_unplaceable: boolean
}

type Base = Omit<ReconcileChange, "kind">

/** A paid gateway order whose cart never completed: complete it as the lost notification would have, or report. */
async function repairCart(
  container: MedusaContainer,
  session: OpenSession,
  record: OrderRecord | undefined,
  opts: RepairOptions,
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
  base: Base,
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
async function authorizeCollection(container: MedusaContainer, session: OpenSession, base: Base) {
  try {
    const input = {
      action: PaymentActions.AUTHORIZED,
      data: { session_id: session.session_id, amount: new BigNumber(session.data.amount) },
    }
    await processPaymentWorkflow(container).run({ input })
    return { ...base, kind: "collection_authorized" } as ReconcileChange
  } catch (e) {
    return {
      ...base,
      kind: "error",
      detail: `authorising the session failed: ${(e as Error).message}`,
    } as ReconcileChange
  }
}

/** Open carts paid at the gateway whose notification was lost; completeCartWorkflow compensates itself. */
export const reconcileCartsStep = createStep(
  "acquiring-reconcile-carts",
  async ({ target, sessions }: { target: ReconcileTarget; sessions: OpenSessionRows | null }, { container }) => {
    const changes: ReconcileChange[] = []
    if (!sessions) return new StepResponse({ sessions_checked: 0, changes })
    const c = configOf(container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE), target.config_id)
    const open = await sessionsOfOpenCarts(container, sessions.open)
    if (!open.length) return new StepResponse({ sessions_checked: 0, changes })
    // A gateway order the books already settled (an unplaceable cart's) needs nothing more.
    const rows = await acquiringOf(container).listGatewayOrders(
      { order_no: open.map((s) => s.data.order_no) },
      { select: ["order_no", "state", "created_at"] },
    )
    const row = new Map(rows.map((r) => [r.order_no, r]))
    const unsettled = open.filter((s) => !ACCOUNTED.has(row.get(s.data.order_no)?.state ?? ""))
    if (!unsettled.length) return new StepResponse({ sessions_checked: open.length, changes })
    // The policies of the newest saved version, read now: a save on any instance counts for this run.
    const { provider } = (await currentOptions(container, c)) ?? c.options
    const graceEnd = Date.now() - provider.unplaceable_grace_minutes * 60_000
    const records = await orderRecords(
      container,
      c.provider_ids[0],
      unsettled.map((s) => gatewayRef(s.data)),
    )
    for (const session of unsettled) {
      const change = await repairCart(container, session, records.get(session.data.order_no), {
        complete: provider.reconcile_complete_carts,
        status_map: provider.status_map,
        settle_unplaceable: new Date(row.get(session.data.order_no)?.created_at ?? Date.now()).getTime() <= graceEnd,
      })
      if (change) changes.push(change)
    }
    return new StepResponse({ sessions_checked: open.length, changes })
  },
)
