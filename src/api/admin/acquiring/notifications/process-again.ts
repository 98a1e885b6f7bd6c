import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import type { NotificationDTO } from "../../../../modules/acquiring"
import { acquiringOf } from "../../../../modules/acquiring"
import { verdictOf } from "../../../../lib/acquiring/books/notification-record"
import { replyText } from "../../../../lib/acquiring/notifications/replies"
import { escapeControls } from "../../../../lib/acquiring/notification-fields"
import { LOCK_KEYS } from "../../../../lib/acquiring/lock-keys"
import { replayNotification } from "./replay"

/** A replay is not a second delivery: same row, under a lock per row so a double click never replays twice. */
export async function processAgain(scope: MedusaContainer, id: string): Promise<NotificationDTO> {
  const locking = scope.resolve(Modules.LOCKING)
  return locking.execute(LOCK_KEYS.notification(id), () => processLocked(scope, id), { timeout: 60 })
}

async function processLocked(scope: MedusaContainer, id: string): Promise<NotificationDTO> {
  const books = acquiringOf(scope)
  const row = await books.retrieveNotification(id)
  if (row.verdict === "accepted")
    throw new MedusaError(
      MedusaError.Types.CONFLICT,
      "This notification was accepted; only a refused or failed one can be processed again",
    )
  const reply = await replayNotification(scope, row)
  const verdict = verdictOf(reply.status)
  return books.updateNotifications({
    id,
    verdict,
    // Accepted now: never processed again, so its signature is no longer kept.
    ...(verdict === "accepted" && { signature: null }),
    reply_status: reply.status,
    reply_body: escapeControls(replyText(reply)).slice(0, 500),
    changed: reply.changed ?? null,
    attempts: (row.attempts ?? 1) + 1,
  })
}
