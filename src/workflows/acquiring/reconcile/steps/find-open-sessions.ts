import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { ReconcileInput } from "../run"
import { openSessionRows, type OpenSessionRows } from "../sessions"
import { eachTarget, type ReconcileTarget, type TargetPart, type TargetParts } from "../targets"

export type SessionsPart = TargetPart & { sessions?: OpenSessionRows }

export const foundFor = (found: SessionsPart[], configId: string): OpenSessionRows | undefined =>
  found.find((p) => p.config_id === configId)?.sessions

/** One read per config; none for a run limited to orders. */
export const findOpenSessionsStep = createStep(
  "acquiring-reconcile-find-open-sessions",
  async (
    { input, targets, previous }: { input: ReconcileInput; targets: ReconcileTarget[]; previous: TargetParts },
    { container },
  ) => {
    const parts = await eachTarget(container, targets, previous, async (c, target, part) => {
      if (input.order_ids) return
      Object.assign(part, { sessions: await openSessionRows(container, new Date(target.since), c.provider_ids) })
    })
    return new StepResponse(parts as SessionsPart[])
  },
)
