import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { gatewaysFor, recordsByOrderNo } from "../../../../lib/acquiring/gateways"
import { repairCart, sessionsOfOpenCarts } from "../carts"
import type { ReconcileInput } from "../run"
import { eachTarget, type ReconcileTarget, type TargetParts } from "../targets"
import { gatewayRef } from "./find-payment-drift"
import { foundFor, type SessionsPart } from "./find-open-sessions"

/**
 * Open carts (and collections without a cart) paid at the gateway whose notification was lost
 * (carts.ts). Not for a run limited to orders. Completing a cart is Medusa's completeCartWorkflow,
 * with its own compensation.
 */
export const reconcileCartsStep = createStep(
  "acquiring-reconcile-carts",
  async (
    {
      input,
      targets,
      found,
      previous,
    }: { input: ReconcileInput; targets: ReconcileTarget[]; found: SessionsPart[]; previous: TargetParts },
    { container },
  ) => {
    const parts = await eachTarget(container, targets, previous, async (c, target, part) => {
      part.sessions_checked = 0
      if (input.order_ids) return
      const sessions = await sessionsOfOpenCarts(container, foundFor(found, target.config_id)?.open ?? [])
      part.sessions_checked = sessions.length
      if (!sessions.length) return
      const { client } = gatewaysFor(container)(c.provider_ids[0])
      const records = await recordsByOrderNo(
        client,
        sessions.map((s) => gatewayRef(s.data)),
      )
      for (const session of sessions) {
        const change = await repairCart(container, session, records.get(session.data.order_no), {
          complete: c.options.provider.reconcile_complete_carts,
          status_map: c.options.provider.status_map,
        })
        if (change) part.changes.push(change)
      }
    })
    return new StepResponse(parts)
  },
)
