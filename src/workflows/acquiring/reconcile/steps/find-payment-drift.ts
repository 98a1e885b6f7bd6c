import type { ConfigModule, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { RefundRecord } from "../../../../gateway/schemas/transactions"
import type { AcquiringProviderConfig } from "../../../../lib/acquiring/config"
import { gatewaysFor, recordsByOrderNo, refundsByOrderNo } from "../../../../lib/acquiring/gateways"
import { openPaymentPages } from "../../../../lib/acquiring/queries/payment-pages"
import { paymentsOfOrders, type PaymentView } from "../../../../lib/acquiring/queries/payments"
import {
  driftsOf,
  gatewayRef,
  mayHaveRefunds,
  orphanGraceMs,
  settled,
  type PaymentDrift,
} from "../../../../lib/acquiring/reconcile/drift"
import type { ReconcileTarget } from "../../../../lib/acquiring/reconcile/report"
import { configOf } from "../../../../lib/acquiring/reconcile/targets"

export interface FoundDrift {
  payments_checked: number
  /** Always empty: the report reads every step's lines alike. */
  changes: []
  drifted: PaymentDrift[]
}

/** One page of payments against the gateway's records; only payments that differ are carried on. */
async function driftOfPage(
  container: MedusaContainer,
  c: AcquiringProviderConfig,
  payments: PaymentView[],
  found: FoundDrift,
): Promise<void> {
  const open = payments.filter((p) => !settled(p))
  found.payments_checked += open.length
  if (!open.length) return
  const { client } = gatewaysFor(container)(c.provider_ids[0])
  const records = await recordsByOrderNo(
    client,
    open.map((p) => gatewayRef(p.data!)),
  )
  // Refunds exist only once captured: authorised, voided or unpaid orders are not asked about.
  const refundRefs = open
    .filter((p) => mayHaveRefunds(p, records.get(p.data!.order_no)))
    .map((p) => gatewayRef(p.data!))
  const refunds = refundRefs.length ? await refundsByOrderNo(client, refundRefs) : new Map<string, RefundRecord[]>()
  found.drifted.push(...driftsOf(open, records, refunds, Date.now(), orphanGraceMs(c)))
}

/** Read-only: every open acquiring payment of the config, page by page, against the gateway's records. */
export const findPaymentDriftStep = createStep(
  "acquiring-reconcile-find-payment-drift",
  async (target: ReconcileTarget, { container }) => {
    const c = configOf(container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE), target.config_id)
    const found: FoundDrift = { payments_checked: 0, changes: [], drifted: [] }
    if (target.order_ids) {
      const payments = [...(await paymentsOfOrders(container, target.order_ids)).values()]
        .flat()
        .filter((p) => c.provider_ids.includes(p.provider_id))
      await driftOfPage(container, c, payments, found)
    } else {
      for await (const page of openPaymentPages(container, new Date(target.since), c.provider_ids))
        await driftOfPage(container, c, page, found)
    }
    return new StepResponse(found)
  },
)
