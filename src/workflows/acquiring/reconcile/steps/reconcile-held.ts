import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { gatewaysFor } from "../../../../lib/acquiring/gateways"
import { heldSessions, reconcileHeld } from "../held"
import type { ReconcileInput } from "../run"
import { eachTarget, type ReconcileTarget } from "../targets"
import { foundFor, type SessionsPart } from "./find-open-sessions"

/** Orders held for review decided elsewhere; Medusa's authorise workflow undoes its own steps. */
export const reconcileHeldStep = createStep(
  "acquiring-reconcile-held",
  async (
    { input, targets, found }: { input: ReconcileInput; targets: ReconcileTarget[]; found: SessionsPart[] },
    { container },
  ) => {
    const parts = await eachTarget(container, targets, found, async (c, target, part) => {
      const sessions = await heldSessions(container, c.provider_ids, {
        order_ids: input.order_ids,
        waiting_collection_ids: foundFor(found, target.config_id)?.waiting_collection_ids,
      })
      const { client } = gatewaysFor(container)(c.provider_ids[0])
      part.changes.push(...(await reconcileHeld(container, client, sessions, c.options.provider.status_map)))
    })
    return new StepResponse(parts)
  },
)
