import type { MedusaContainer } from "@medusajs/framework/types"
import type { GatewayClient } from "../../../gateway/client-types"
import type { EffectiveSettings } from "./effective"

type Owner = { effectiveSettings(id: string): Promise<EffectiveSettings> }

export interface PayoutSettings {
  account_id?: string
  /** The newest version's client, when payouts pay with the provider's credentials. */
  client?: GatewayClient
}

/** What the admin's newest settings of the provider entry behind payouts say about paying out. */
export async function payoutSettings(
  container: MedusaContainer,
  entryId: string | null,
  viaProvider: boolean,
): Promise<PayoutSettings> {
  const owner = container.resolve<Owner | undefined>("acquiring", { allowUnregistered: true })
  if (!owner?.effectiveSettings || !entryId) return {}
  const s = await owner.effectiveSettings(entryId)
  return {
    ...(s.stored?.payout_account_id && { account_id: s.stored.payout_account_id }),
    ...(viaProvider && !s.missing.length && { client: s.client }),
  }
}
