import type { ConfigModule, Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { acquiringProviderConfigs, type AcquiringProviderConfig } from "../../../lib/acquiring/config"
import { PAYMENT_STATUS, REFUND_STATUS } from "../../../gateway/status-codes"
import type { OrderRecord, RefundRecord } from "../../../gateway/schemas/transactions"
import { parseTracked } from "../../../lib/acquiring/refunds"
import { cents } from "../../../lib/acquiring/money"
import { gatewaysFor, recordsByOrderNo, refundsByOrderNo, type GatewayRef } from "../../../lib/acquiring/gateways"
import { openPaymentPages } from "../../../lib/acquiring/queries/payment-pages"
import { lockKey, paymentById, paymentsOfOrders, type PaymentView } from "../../../lib/acquiring/queries/payments"
import { applyToPayment, needsApply, type ReconcileChange } from "./apply"
import { discardOrphans, hasOrphans, orphanRows } from "./orphans"
import { repairCart, sessionsOfOpenCarts } from "./carts"
import { reconcileHeld } from "./held"
import { reconcileKept } from "./kept"

export interface ReconcileInput {
  /** Only these provider configs (config ids, e.g. "acquiring"); default all. */
  config_ids?: string[]
  /** Only the payments of these orders (the widget's "sync now"); carts are then not scanned. */
  order_ids?: string[]
}

export interface ReconcileReport {
  started_at: string
  finished_at: string
  payments_checked: number
  sessions_checked: number
  changes: ReconcileChange[]
}

const DAY = 86_400_000

/** Nothing left to follow: canceled, or fully refunded with no refund still processing. */
function settled(p: PaymentView): boolean {
  if (p.canceled_at || !p.data) return true
  const processing = parseTracked(p.data.refunds).some((r) => r.refund_status === REFUND_STATUS.PROCESSING)
  return !processing && cents(p.captured) > 0n && cents(p.refunded) >= cents(p.captured)
}

/** Gateway states in which no refund can exist yet (waiting, review, authorised, voided). */
const BEFORE_CAPTURE = new Set<string>([
  PAYMENT_STATUS.WAITING_SHOPPER,
  PAYMENT_STATUS.REVIEW,
  PAYMENT_STATUS.AUTHORISED,
  PAYMENT_STATUS.CANCELLED,
  PAYMENT_STATUS.DECLINED,
])

/** Ask retrievalRefund about a payment unless the gateway shows it was never captured and Medusa tracks no refund. */
function mayHaveRefunds(p: PaymentView, record: OrderRecord | undefined): boolean {
  if (parseTracked(p.data!.refunds).length || cents(p.refunded) > 0n) return true
  return !!record && !BEFORE_CAPTURE.has(record.payment_status ?? "")
}

const ref = (d: { order_no: string; account_id?: string; currency: string }): GatewayRef => ({
  order_no: d.order_no,
  account_id: d.account_id,
  currency: d.currency,
})

/**
 * Ask the gateway (retrievalTrans and retrievalRefund, ≤ 100 orders per request) about every
 * open acquiring payment and bring Medusa up to date; report what changed. Each payment is
 * re-read and changed under a lock shared by all instances, so concurrent runs apply once.
 */
export async function reconcile(container: MedusaContainer, input: ReconcileInput = {}): Promise<ReconcileReport> {
  const started_at = new Date().toISOString()
  const config = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE) as ConfigModule
  const configs = acquiringProviderConfigs(config).filter(
    (c) => !input.config_ids || input.config_ids.includes(c.config_id),
  )
  const report: ReconcileReport = { started_at, finished_at: "", payments_checked: 0, sessions_checked: 0, changes: [] }
  for (const c of configs) await reconcileConfig(container, c, input, report)
  report.finished_at = new Date().toISOString()
  return report
}

async function reconcileConfig(
  container: MedusaContainer,
  c: AcquiringProviderConfig,
  input: ReconcileInput,
  report: ReconcileReport,
) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER) as Logger
  const since = new Date(Date.now() - c.options.provider.reconcile_lookback_days * DAY)
  const { client } = gatewaysFor(container)(c.provider_ids[0])
  try {
    if (input.order_ids) {
      const payments = [...(await paymentsOfOrders(container, input.order_ids)).values()]
        .flat()
        .filter((p) => c.provider_ids.includes(p.provider_id))
      await reconcilePage(container, c, client, payments, report)
    } else {
      // Page by page: memory stays at one page of payments and their gateway records.
      for await (const page of openPaymentPages(container, since, c.provider_ids))
        await reconcilePage(container, c, client, page, report)
    }
    report.changes.push(
      ...(await reconcileHeld(container, client, c.provider_ids, c.options.provider.status_map, input.order_ids)),
    )
    if (!input.order_ids) await reconcileCarts(container, c, since, report)
    // After the carts: a collection they just authorised may end a kept authorisation.
    report.changes.push(...(await reconcileKept(container, c.provider_ids, since, input.order_ids)))
  } catch (e) {
    logger.error(`acquiring: reconciliation of ${c.config_id} failed: ${(e as Error).message}`)
    report.changes.push({ kind: "error", order_no: "", detail: `${c.config_id}: ${(e as Error).message}` })
  }
}

async function reconcilePage(
  container: MedusaContainer,
  c: AcquiringProviderConfig,
  client: ReturnType<ReturnType<typeof gatewaysFor>>["client"],
  payments: PaymentView[],
  report: ReconcileReport,
) {
  const open = payments.filter((p) => !settled(p))
  report.payments_checked += open.length
  if (!open.length) return
  const records = await recordsByOrderNo(
    client,
    open.map((p) => ref(p.data!)),
  )
  // Refunds exist only once captured: authorised, voided or unpaid orders are not asked about.
  const refundRefs = open.filter((p) => mayHaveRefunds(p, records.get(p.data!.order_no))).map((p) => ref(p.data!))
  const refunds = refundRefs.length ? await refundsByOrderNo(client, refundRefs) : new Map<string, RefundRecord[]>()
  const locking = container.resolve(Modules.LOCKING)
  // Longer than any provider call can last: a younger unconfirmed row may still be in flight.
  const graceMs = 2 * c.options.client.timeout_ms + 5_000
  for (const payment of open) {
    const no = payment.data!.order_no
    const orphaned = hasOrphans(orphanRows(payment, Date.now(), graceMs))
    if (!orphaned && !needsApply(payment, records.get(no), refunds.get(no) ?? [])) continue
    const changes = await locking.execute(
      lockKey(payment.id),
      async () => {
        let now = await paymentById(container, payment.id, payment.order_id)
        const discarded: ReconcileChange[] = []
        const orphans = now ? orphanRows(now, Date.now(), graceMs) : undefined
        if (now && orphans && hasOrphans(orphans)) {
          discarded.push(...(await discardOrphans(container, now, orphans)))
          now = await paymentById(container, payment.id, payment.order_id)
        }
        if (!now || settled(now)) return discarded
        return [
          ...discarded,
          ...(await applyToPayment(
            container,
            now,
            records.get(now.data!.order_no),
            refunds.get(now.data!.order_no) ?? [],
          )),
        ]
      },
      { timeout: 30 },
    )
    report.changes.push(...changes)
  }
}

async function reconcileCarts(
  container: MedusaContainer,
  c: AcquiringProviderConfig,
  since: Date,
  report: ReconcileReport,
) {
  const sessions = await sessionsOfOpenCarts(container, since, c.provider_ids)
  report.sessions_checked += sessions.length
  if (!sessions.length) return
  const { client } = gatewaysFor(container)(c.provider_ids[0])
  const records = await recordsByOrderNo(
    client,
    sessions.map((s) => ref(s.data)),
  )
  for (const session of sessions) {
    const change = await repairCart(container, session, records.get(session.data.order_no), {
      complete: c.options.provider.reconcile_complete_carts,
      status_map: c.options.provider.status_map,
    })
    if (change) report.changes.push(change)
  }
}
