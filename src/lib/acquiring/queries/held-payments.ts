import type { ConfigModule, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { acquiringProviderConfigs } from "../config"
import { orderRecords } from "../gateways"
import { heldPayment, isHeld, type HeldPayment } from "../review/map"
import { pendingAuthorizationSessions } from "./review-sessions"

/** Orders waiting for authorisation whose gateway record is in review, with the fraud check results. */
export async function listHeldPayments(container: MedusaContainer): Promise<HeldPayment[]> {
  const config = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE) as ConfigModule
  const out: HeldPayment[] = []
  for (const c of acquiringProviderConfigs(config)) {
    const sessions = await pendingAuthorizationSessions(container, c.provider_ids)
    if (!sessions.length) continue
    const records = await orderRecords(
      container,
      c.provider_ids[0],
      sessions.map((s) => s.data),
    )
    for (const session of sessions) {
      const record = records.get(session.data.order_no)
      if (record && isHeld(record)) out.push(heldPayment(session, record))
    }
  }
  return out
}
