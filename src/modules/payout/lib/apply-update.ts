import { Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { PAYOUT_MODULE } from "../index"
import type PayoutModuleService from "../service"
import { mergeUpdate, type PayoutUpdate } from "./gateway-update"
import type { PayoutStatus } from "../models/payout"
import { LOCK_KEYS } from "../../../lib/acquiring/lock-keys"

export type PayoutRecord = Awaited<ReturnType<PayoutModuleService["retrievePayout"]>>

export interface ApplyResult {
  payout: PayoutRecord | null
  changed: boolean
}

/** Serialised per request_id: the answer and notifications race, and could move a completed payout back to pending. */
export async function applyPayoutUpdate(
  container: MedusaContainer,
  request_id: string,
  build: (payout: PayoutRecord) => PayoutUpdate | null,
): Promise<ApplyResult> {
  const payouts = container.resolve<PayoutModuleService>(PAYOUT_MODULE)
  const run = async (): Promise<ApplyResult> => {
    const [payout] = await payouts.listPayouts({ request_id }, { take: 1 })
    if (!payout) return { payout: null, changed: false }
    const update = build(payout)
    const patch = update && mergeUpdate({ ...payout, status: payout.status as PayoutStatus }, update)
    if (!patch) return { payout, changed: false }
    const updated = await payouts.patchPayout(payout.id, patch)
    return { payout: updated, changed: true }
  }
  const locking = container.hasRegistration?.(Modules.LOCKING) ? container.resolve(Modules.LOCKING) : null
  return locking ? locking.execute(LOCK_KEYS.payout(request_id), run, { timeout: 10 }) : run()
}
