import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { TEST_NOTIFY_TYPE } from "../notify-health/test-notification"

/** A field an address check sends: its refused delivery is the check's, not the gateway's. */
export const ADDRESS_CHECK_FIELD = "acquiring_address_check"

export interface LastDeliveryRow {
  account_id: string | null
  verdict: "accepted" | "refused" | "failed"
  at: Date
  reply_status: number
  reply_body: string
  notify_type: string | null
  order_no: string | null
  /** The admin's test notification, kept apart from the gateway's deliveries. */
  test: boolean
}

export async function lastDeliveries(knex: Knex, since: Date): Promise<LastDeliveryRow[]> {
  const { rows } = await knex.raw(
    `select distinct on (account_id, test, verdict) * from (
       select coalesce(n.fields->>'account_id', n.fields->>'gatewayNo') as account_id, n.verdict,
         coalesce(n.last_seen_at, n.created_at) as at, n.reply_status, n.reply_body, n.notify_type, n.order_no,
         coalesce(n.notify_type = :test, false) as test
       from acquiring_notification n
       where n.deleted_at is null and n.hook = 'notify' and n.created_at >= :since and n.fields->>:check is null
     ) x order by account_id, test, verdict, at desc`,
    { since, check: ADDRESS_CHECK_FIELD, test: TEST_NOTIFY_TYPE },
  )
  return rows as LastDeliveryRow[]
}

export interface PaidRow {
  provider_id: string
  paid: number
  unnotified: number
  latest_paid: Date | null
}

/** Per provider, the paid gateway orders opened in [since, until) and how many no accepted notification named. */
export async function paidRows(knex: Knex, since: Date, until: Date): Promise<PaidRow[]> {
  const { rows } = await knex.raw(
    `select g.provider_id, count(*)::int as paid, max(g.created_at) as latest_paid,
       count(*) filter (where not exists (
         select 1 from acquiring_notification n where n.order_no = g.order_no and n.deleted_at is null
           and n.hook = 'notify' and n.verdict = 'accepted'))::int as unnotified
     from acquiring_gateway_order g
     where g.deleted_at is null and g.state in ('attached', 'settled', 'unmatched')
       and g.created_at >= :since and g.created_at < :until
     group by 1`,
    { since, until },
  )
  return rows as PaidRow[]
}
