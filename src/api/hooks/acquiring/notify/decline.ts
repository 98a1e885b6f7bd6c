import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { DECLINE_KEY, DeclineReason, storedDecline } from "../../../../lib/acquiring/decline"
import type { NotifySession } from "./process"
import { cartIdOf, findSession } from "./session"
import { LOCK_KEYS } from "../../../../lib/acquiring/lock-keys"

/** Under Medusa's cart lock: the completion writes the same session's data. */
export async function recordDecline(scope: MedusaContainer, session: NotifySession, raw: unknown): Promise<void> {
  const reason = DeclineReason.safeParse(raw)
  if (!reason.success) return
  const cartId = await cartIdOf(scope, session.payment_collection_id)
  const locking = scope.resolve(Modules.LOCKING)
  await locking.execute(
    cartId ?? LOCK_KEYS.session(session.id),
    async () => {
      const now = await findSession(scope, session.id)
      if (!now || now.status === "authorized" || now.status === "captured") return
      const kept = storedDecline(now.data)
      if (kept && kept.code === reason.data.code && kept.category === reason.data.category) return
      await scope.resolve(Modules.PAYMENT).updatePaymentSession({
        id: now.id,
        amount: now.amount,
        currency_code: now.currency_code,
        data: { ...(now.data ?? {}), [DECLINE_KEY]: reason.data },
      })
    },
    { timeout: 10 },
  )
}
