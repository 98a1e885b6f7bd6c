import type { ConfigModule, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { OrderRecord, RefundRecord } from "../../../../gateway/schemas/transactions"
import { ahead, pagesAhead } from "../../../../lib/ahead"
import type { AcquiringProviderConfig } from "../../../../lib/acquiring/config"
import { orderRecords, orderRefunds } from "../../../../lib/acquiring/gateways"
import { paymentsOfOrders, type PaymentView } from "../../../../lib/acquiring/queries/payments"
import {
  openPaymentsByIds,
  paymentsOfSessions,
  paymentsWithMoneyRows,
} from "../../../../lib/acquiring/queries/payments-to-reconcile"
import {
  driftsOf,
  gatewayMoved,
  gatewayRef,
  mayHaveRefunds,
  orphanGraceMs,
  settled,
  type PaymentDrift,
} from "../../../../lib/acquiring/reconcile/drift"
import type { ReconcileTarget } from "../../../../lib/acquiring/reconcile/report"
import { configOf } from "../../../../lib/acquiring/reconcile/targets"
import type { GatewayOrderDTO } from "../../../../modules/acquiring"
import { acquiringOf } from "../../../../modules/acquiring"

export interface FoundDrift {
  payments_checked: number
  /** Always empty: the report reads every step's lines alike. */
  changes: []
  drifted: PaymentDrift[]
}

const BOOKS_PAGE = 1000
const BOOKS_FIELDS = ["id", "order_no", "account_id", "currency_code", "session_id", "settings_version"]

/** Open payments against the gateway's records (those given, the rest asked); only those that differ go on. */
async function driftOf(
  container: MedusaContainer,
  c: AcquiringProviderConfig,
  payments: PaymentView[],
  known: Map<string, OrderRecord> = new Map(),
): Promise<PaymentDrift[]> {
  const open = payments.filter((p) => !settled(p))
  if (!open.length) return []
  const provider = c.provider_ids[0]
  const unknown = open.filter((p) => !known.has(p.data!.order_no)).map((p) => gatewayRef(p.data!))
  const records = unknown.length ? new Map([...known, ...(await orderRecords(container, provider, unknown))]) : known
  // Refunds exist only once captured: authorised, voided or unpaid orders are not asked about.
  const refundRefs = open
    .filter((p) => mayHaveRefunds(p, records.get(p.data!.order_no)))
    .map((p) => gatewayRef(p.data!))
  const refunds = refundRefs.length
    ? await orderRefunds(container, provider, refundRefs)
    : new Map<string, RefundRecord[]>()
  return driftsOf(open, records, refunds, Date.now(), orphanGraceMs(c))
}

/**
 * A full run starts from the books: every gateway order the config follows is asked of the gateway, and
 * Medusa is read only for those the gateway captured or voided, and for payments holding a capture or
 * refund row (an interrupted call may have left one unconfirmed).
 */
async function driftFromBooks(container: MedusaContainer, c: AcquiringProviderConfig, since: Date, found: FoundDrift) {
  const withRows = ahead(paymentsWithMoneyRows(container, since))
  const read = (after?: string) =>
    acquiringOf(container).followedGatewayOrdersPage(
      { provider_ids: c.provider_ids, since, after, take: BOOKS_PAGE },
      BOOKS_FIELDS,
    )
  const nextKey = (page: GatewayOrderDTO[]) => (page.length === BOOKS_PAGE ? page[page.length - 1].id : undefined)
  const moved = new Map<string, OrderRecord>()
  const sessions: string[] = []
  for await (const page of pagesAhead(read, nextKey)) {
    found.payments_checked += page.length
    if (!page.length) continue
    const refs = page.map((r) => ({
      order_no: r.order_no,
      account_id: r.account_id ?? undefined,
      currency: r.currency_code,
      settings_version: r.settings_version,
    }))
    const records = await orderRecords(container, c.provider_ids[0], refs)
    for (const row of page) {
      const record = records.get(row.order_no)
      if (!gatewayMoved(record)) continue
      moved.set(row.order_no, record!)
      sessions.push(row.session_id)
    }
  }
  const views = new Map<string, PaymentView>()
  for (const p of await paymentsOfSessions(container, sessions))
    if (c.provider_ids.includes(p.provider_id)) views.set(p.id, p)
  const extra = (await withRows).filter((id) => !views.has(id))
  for (const p of await openPaymentsByIds(container, extra, c.provider_ids, since)) views.set(p.id, p)
  found.drifted.push(...(await driftOf(container, c, [...views.values()], moved)))
}

/** Read-only: the config's payments that differ from the gateway's records (a run's orders, or the whole window). */
export const findPaymentDriftStep = createStep(
  "acquiring-reconcile-find-payment-drift",
  async (target: ReconcileTarget, { container }) => {
    const c = configOf(container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE), target.config_id)
    const found: FoundDrift = { payments_checked: 0, changes: [], drifted: [] }
    if (!target.order_ids) {
      await driftFromBooks(container, c, new Date(target.since), found)
      return new StepResponse(found)
    }
    const payments = [...(await paymentsOfOrders(container, target.order_ids)).values()]
      .flat()
      .filter((p) => c.provider_ids.includes(p.provider_id))
    found.payments_checked = payments.filter((p) => !settled(p)).length
    found.drifted = await driftOf(container, c, payments)
    return new StepResponse(found)
  },
)
