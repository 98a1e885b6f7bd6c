import type { ConfigModule, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { answerClassOf } from "../http-answer"
import {
  compactFields,
  configuredSecretFields,
  deliveryDigest,
  escapeControls,
  notificationDialect,
  signatureOf,
  storedNotificationFields,
} from "../notification-fields"
import type { NotificationDTO } from "../../../modules/acquiring"
import { acquiringOf } from "../../../modules/acquiring"

export interface ReceivedNotification {
  hook: "notify" | "payout"
  body: unknown
  status: number
  reply: string
  changed?: string | null
  received_at?: Date
}

/** Refused rows written per hour at most; past it a refused delivery is counted in the log only. */
export const REFUSED_ROWS_PER_HOUR = 1_000
const REPLY_MAX = 500

/** accepted: answered 2xx; refused: the gateway is told not to retry (4xx); failed: it will retry (5xx). */
export const verdictOf = (status: number): NotificationDTO["verdict"] => {
  const answer = answerClassOf(status)
  return answer === "ok" ? "accepted" : answer
}

const text = (v: unknown, max = 200) => (typeof v === "string" && v ? escapeControls(v).slice(0, max) : null)

const overCap = { count: 0, since: 0 }

/**
 * One row per delivery, fields masked, with our answer. A refused delivery is kept compactly and capped
 * per hour; the signature is kept only on a row that may be processed again, never shown.
 */
export async function recordNotification(scope: MedusaContainer, n: ReceivedNotification): Promise<void> {
  const config = scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE) as ConfigModule
  const verdict = verdictOf(n.status)
  const stored = storedNotificationFields(n.body, { secretFields: configuredSecretFields(config) })
  const fields = verdict === "accepted" ? stored : compactFields(stored)
  const received_at = n.received_at ?? new Date()
  const row = {
    hook: n.hook,
    dialect: notificationDialect(n.body),
    order_no: text(stored.order_no ?? stored.orderNo),
    notify_type: text(stored.notify_type, 64) ?? (n.hook === "payout" ? "payout" : "payment"),
    reply_status: n.status,
    reply_body: escapeControls(n.reply).slice(0, REPLY_MAX),
    changed: n.changed ?? null,
    fields,
    digest: deliveryDigest(n.body),
    signature: verdict === "accepted" ? null : text(signatureOf(n.body), 256),
  }
  const books = acquiringOf(scope)
  if (verdict !== "refused") {
    await books.createNotifications([{ ...row, verdict, last_seen_at: received_at, ...{ created_at: received_at } }])
    return
  }
  const outcome = await inTurn(row.digest, () =>
    books.recordRefusedNotification({ ...row, received_at }, REFUSED_ROWS_PER_HOUR),
  )
  if (outcome === "over_cap") reportOverCap(scope, received_at.getTime())
}

/** Writes of identical deliveries, one after the other: the second counts on the row the first wrote. */
const writing = new Map<string, Promise<unknown>>()

async function inTurn<T>(key: string, write: () => Promise<T>): Promise<T> {
  const before = writing.get(key) ?? Promise.resolve()
  const mine = before.catch(() => undefined).then(write)
  writing.set(key, mine)
  try {
    return await mine
  } finally {
    if (writing.get(key) === mine) writing.delete(key)
  }
}

function reportOverCap(scope: MedusaContainer, now: number) {
  overCap.count++
  if (now - overCap.since < 60 * 60 * 1000) return
  scope
    .resolve(ContainerRegistrationKeys.LOGGER)
    .warn(
      `acquiring: more than ${REFUSED_ROWS_PER_HOUR} refused notifications within an hour; ${overCap.count} not stored in the books (counted only)`,
    )
  overCap.count = 0
  overCap.since = now
}
