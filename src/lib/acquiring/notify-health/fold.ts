import type { LastDeliveryRow, PaidRow } from "../queries/notification-health"

export interface HealthProvider {
  config_id: string
  provider_ids: string[]
  mode: "test" | "live"
  account_ids: string[]
  notify_url: string
}

export interface LastDelivery {
  at: string
  status: number
  notify_type: string | null
  order_no: string | null
  /** Our reply to a refused or failed delivery: why it was not accepted. */
  reason: string | null
}

export interface ProviderHealth {
  config_id: string
  mode: "test" | "live"
  notify_url: string
  last_accepted: LastDelivery | null
  last_refused: LastDelivery | null
  /** The latest test notification, accepted or not (its reason then). */
  last_test: LastDelivery | null
  paid: number
  warnings: string[]
}

/** Paid orders younger than this may still be waiting for their notification. */
export const GRACE_MS = 60 * 60 * 1000

const delivery = (r: LastDeliveryRow | undefined): LastDelivery | null =>
  r
    ? {
        at: new Date(r.at).toISOString(),
        status: r.reply_status,
        notify_type: r.notify_type,
        order_no: r.order_no,
        reason: r.verdict === "accepted" ? null : reasonOf(r.reply_body),
      }
    : null

export function reasonOf(reply: string): string {
  try {
    const parsed = JSON.parse(reply) as { message?: unknown }
    if (typeof parsed?.message === "string") return parsed.message
  } catch {
    // not our JSON refusal: the reply text itself
  }
  return reply
}

const latest = (rows: LastDeliveryRow[]) =>
  rows.reduce<LastDeliveryRow | undefined>((a, r) => (!a || new Date(r.at) > new Date(a.at) ? r : a), undefined)

/** Per provider: the last accepted and refused delivery, and a warning when paid orders went unnotified. */
export function foldHealth(
  providers: HealthProvider[],
  deliveries: LastDeliveryRow[],
  paid: PaidRow[],
  now: Date,
): ProviderHealth[] {
  return providers.map((p) => {
    const all = deliveries.filter((d) => d.account_id && p.account_ids.includes(d.account_id))
    const mine = all.filter((d) => !d.test)
    const accepted = latest(mine.filter((d) => d.verdict === "accepted"))
    const refused = latest(mine.filter((d) => d.verdict !== "accepted"))
    const own = paid.filter((r) => p.provider_ids.includes(r.provider_id))
    const count = own.reduce((a, r) => a + r.paid, 0)
    const unnotified = own.reduce((a, r) => a + r.unnotified, 0)
    const latestPaid = own.reduce<number | null>(
      (a, r) =>
        r.latest_paid && (a === null || new Date(r.latest_paid).getTime() > a) ? new Date(r.latest_paid).getTime() : a,
      null,
    )
    const warnings: string[] = []
    if (unnotified)
      warnings.push(`${unnotified} paid gateway order${unnotified > 1 ? "s" : ""} got no accepted notification`)
    const lastAt = accepted ? new Date(accepted.at).getTime() : null
    if (
      latestPaid !== null &&
      (lastAt === null || lastAt < latestPaid - GRACE_MS) &&
      latestPaid < now.getTime() - GRACE_MS
    )
      warnings.push(
        lastAt === null
          ? `no notification accepted while payments were made (the latest ${new Date(latestPaid).toISOString()})`
          : `no notification accepted since ${new Date(lastAt).toISOString()} while payments were made until ${new Date(latestPaid).toISOString()}`,
      )
    return {
      config_id: p.config_id,
      mode: p.mode,
      notify_url: p.notify_url,
      last_accepted: delivery(accepted),
      last_refused: delivery(refused),
      last_test: delivery(latest(all.filter((d) => d.test))),
      paid: count,
      warnings,
    }
  })
}
