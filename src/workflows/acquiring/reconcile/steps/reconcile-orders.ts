import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { canceledOrdersToCheck } from "../canceled-orders"
import { returnCanceledOrdersMoney } from "../canceled-workflow"
import type { ReconcileInput } from "../run"
import { eachTarget, type ReconcileTarget, type TargetPart, type TargetParts } from "../targets"
import { markUnpaidOrders, type UnpaidEvent } from "../unpaid"

export type OrdersPart = TargetPart & { unpaid: UnpaidEvent[] }

/** After the drift is applied: live orders left unpaid, canceled ones still holding money. No compensation. */
export const reconcileOrdersStep = createStep(
  "acquiring-reconcile-orders",
  async (
    {
      input,
      targets,
      applied,
      previous,
    }: { input: ReconcileInput; targets: ReconcileTarget[]; applied: TargetParts; previous: TargetParts },
    { container },
  ) => {
    const parts = await eachTarget(container, targets, previous, async (c, target, base) => {
      const part = Object.assign(base, { unpaid: [] as UnpaidEvent[] }) as OrdersPart
      const drifted = applied.find((p) => p.config_id === target.config_id)?.changes ?? []
      const unpaid = await markUnpaidOrders(container, drifted)
      part.changes.push(...unpaid.changes)
      part.unpaid.push(...unpaid.events)
      const orderIds =
        input.order_ids ??
        (await canceledOrdersToCheck(container, c.provider_ids, new Date(target.since))).map((o) => o.order_id)
      part.changes.push(...(await returnCanceledOrdersMoney(container, orderIds, "reconciliation", c.provider_ids)))
    })
    return new StepResponse(parts.map((p) => ({ unpaid: [], ...p })) as OrdersPart[])
  },
)
