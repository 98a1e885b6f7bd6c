import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { RECONCILE_REQUESTED, ReconcileRequested, runRequested } from "../workflows/acquiring/reconcile/background"

/**
 * "Sync now" in the background: the admin request only queues the run; this subscriber does the
 * work where Medusa runs subscribers (the worker instance, or the single shared one).
 */
export default async function acquiringReconcileRequested({ event, container }: SubscriberArgs<unknown>) {
  const parsed = ReconcileRequested.safeParse(event.data)
  if (!parsed.success) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(`acquiring: ignored a malformed ${RECONCILE_REQUESTED} event`)
    return
  }
  await runRequested(container, parsed.data)
}

export const config: SubscriberConfig = {
  event: RECONCILE_REQUESTED,
  context: { subscriberId: "acquiring-reconcile-requested" },
}
