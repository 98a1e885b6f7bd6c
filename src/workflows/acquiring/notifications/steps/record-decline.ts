import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { DECLINE_KEY, DeclineReason, storedDecline } from "../../../../lib/acquiring/decline"
import { LOCK_KEYS } from "../../../../lib/acquiring/lock-keys"
import { SUCCESS, type NotifyReply } from "../../../../lib/acquiring/notifications/replies"
import type { NotifySession, VerifiedNotification } from "../../../../lib/acquiring/notifications/types"
import { cartIdOf, findSession } from "../../../../lib/acquiring/queries/notify-session"

export type DeclineNotification = Extract<VerifiedNotification, { kind: "decline" }>

interface SessionWrite {
  id: string
  amount: number
  currency_code: string
  data: Record<string, unknown>
}

type Undo = { previous: SessionWrite | null }

/** Under Medusa's cart lock: the completion writes the same session's data. Returns what it replaced. */
async function recordDecline(
  scope: MedusaContainer,
  session: NotifySession,
  raw: unknown,
): Promise<SessionWrite | undefined> {
  const reason = DeclineReason.safeParse(raw)
  if (!reason.success) return undefined
  const cartId = await cartIdOf(scope, session.payment_collection_id)
  const locking = scope.resolve(Modules.LOCKING)
  let previous: SessionWrite | undefined
  await locking.execute(
    cartId ?? LOCK_KEYS.session(session.id),
    async () => {
      const now = await findSession(scope, session.id)
      if (!now || now.status === "authorized" || now.status === "captured") return
      const kept = storedDecline(now.data)
      if (kept && kept.code === reason.data.code && kept.category === reason.data.category) return
      const write = { id: now.id, amount: now.amount, currency_code: now.currency_code }
      await scope.resolve(Modules.PAYMENT).updatePaymentSession({
        ...write,
        data: { ...(now.data ?? {}), [DECLINE_KEY]: reason.data },
      })
      previous = { ...write, data: now.data ?? {} }
    },
    { timeout: 10 },
  )
  return previous
}

/** The gateway's reason for the storefront, kept on the session; undone by writing back its data. */
export const recordDeclineStep = createStep(
  "acquiring-record-decline",
  async (v: DeclineNotification, { container }) => {
    try {
      const previous = await recordDecline(container, v.session, v.reason)
      return new StepResponse<NotifyReply, Undo>(SUCCESS, { previous: previous ?? null })
    } catch {
      // The reason is for the shopper's page only; a retry of the notification brings it again.
      return new StepResponse<NotifyReply, Undo>(
        { status: 503, body: "decline reason not recorded yet; try again" },
        { previous: null },
      )
    }
  },
  async (undo, { container }) => {
    if (undo?.previous) await container.resolve(Modules.PAYMENT).updatePaymentSession(undo.previous)
  },
)
