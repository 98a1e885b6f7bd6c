import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { lockKey, paymentById } from "../../../../lib/acquiring/queries/payments"
import { applyToPayment, type ReconcileChange } from "../apply"
import { discardOrphans, hasOrphans, orphanRows } from "../orphans"
import { eachTarget, type ReconcileTarget, type TargetParts } from "../targets"
import { orphanGraceMs, settled, type DriftPart } from "./find-payment-drift"

/**
 * Each payment re-read and changed under a cluster-wide lock, through Medusa's workflows. No compensation
 * here: undoing would bring back the very difference reconciliation removes.
 */
export const applyPaymentDriftStep = createStep(
  "acquiring-reconcile-apply-payment-drift",
  async ({ targets, drift }: { targets: ReconcileTarget[]; drift: DriftPart[] }, { container }) => {
    const locking = container.resolve(Modules.LOCKING)
    const parts: TargetParts = await eachTarget(container, targets, drift, async (c, target, part) => {
      const grace = orphanGraceMs(c)
      for (const d of drift.find((p) => p.config_id === target.config_id)?.drifted ?? []) {
        const changes = await locking.execute(
          lockKey(d.payment_id),
          async () => {
            let now = await paymentById(container, d.payment_id, d.order_id)
            const discarded: ReconcileChange[] = []
            const orphans = now ? orphanRows(now, Date.now(), grace) : undefined
            if (now && orphans && hasOrphans(orphans)) {
              discarded.push(...(await discardOrphans(container, now, orphans)))
              now = await paymentById(container, d.payment_id, d.order_id)
            }
            if (!now || settled(now)) return discarded
            return [...discarded, ...(await applyToPayment(container, now, d.record, d.refunds))]
          },
          { timeout: 30 },
        )
        part.changes.push(...changes)
      }
    })
    return new StepResponse(parts)
  },
)
