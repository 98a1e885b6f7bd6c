import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { gatewaysFor, recordsByOrderNo } from "../../../../lib/acquiring/gateways"
import { booksOf } from "../../../../modules/acquiring/books-of"
import { ACCOUNTED } from "../../../../lib/acquiring/carts/unplaceable"
import { repairCart, sessionsOfOpenCarts } from "../carts"
import type { ReconcileInput } from "../run"
import { eachTarget, type ReconcileTarget, type TargetParts } from "../targets"
import { gatewayRef } from "./find-payment-drift"
import { foundFor, type SessionsPart } from "./find-open-sessions"

/** Open carts paid at the gateway whose notification was lost; completeCartWorkflow compensates itself. */
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
      const open = await sessionsOfOpenCarts(container, foundFor(found, target.config_id)?.open ?? [])
      part.sessions_checked = open.length
      if (!open.length) return
      // A gateway order the books already settled (an unplaceable cart's) needs nothing more.
      const rows = await booksOf(container).listGatewayOrders(
        { order_no: open.map((s) => s.data.order_no) },
        { select: ["order_no", "state", "created_at"] },
      )
      const row = new Map(rows.map((r) => [r.order_no, r]))
      const sessions = open.filter((s) => !ACCOUNTED.has(row.get(s.data.order_no)?.state ?? ""))
      if (!sessions.length) return
      const graceEnd = Date.now() - c.options.provider.unplaceable_grace_minutes * 60_000
      const { client } = gatewaysFor(container)(c.provider_ids[0])
      const records = await recordsByOrderNo(
        client,
        sessions.map((s) => gatewayRef(s.data)),
      )
      for (const session of sessions) {
        const change = await repairCart(container, session, records.get(session.data.order_no), {
          complete: c.options.provider.reconcile_complete_carts,
          status_map: c.options.provider.status_map,
          settle_unplaceable: new Date(row.get(session.data.order_no)?.created_at ?? Date.now()).getTime() <= graceEnd,
        })
        if (change) part.changes.push(change)
      }
    })
    return new StepResponse(parts)
  },
)
