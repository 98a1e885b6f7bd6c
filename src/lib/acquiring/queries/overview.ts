import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { OutcomeRow } from "../overview/outcomes"

export interface OverviewScope {
  from: Date
  to: Date
  provider_ids: string[]
  now: Date
}

/** The notification's result text in either dialect (the legacy push names it orderInfo). */
const ORDER_INFO = `coalesce(n.fields->>'order_info', n.fields->>'orderInfo')`
export const DECLINE_CODE_SQL = `split_part(${ORDER_INFO}, ':', 1)`

/**
 * The period's gateway orders with outcome and decline code (CTE `o`): the latest accepted payment or
 * review notification's code, or the books' state once reconciliation attached the order.
 */
export const CLASSIFIED_SQL = `with results as (
       select distinct on (n.order_no) n.order_no, ${DECLINE_CODE_SQL} as code
       from acquiring_notification n
       where n.deleted_at is null and n.hook = 'notify' and n.verdict = 'accepted'
         and n.created_at >= :from and coalesce(n.notify_type, 'payment') in ('payment', 'review')
         and ${ORDER_INFO} ~ '^[A-Z]{0,1}[0-9]{4}:'
       order by n.order_no, n.created_at desc
     ), o as (
       select g.id, g.order_no, g.provider_id, g.kind, g.payment_method, g.amount, g.currency_code, g.state, g.created_at,
         case when r.code not in ('0000', 'R0000') then r.code end as decline_code,
         case when g.state in ('attached', 'settled', 'unmatched') or r.code = '0000' then 'approved'
              when r.code <> 'R0000' then 'declined'
              when g.state = 'closed' or g.page_expires_at < :now then 'abandoned'
              else 'pending' end as outcome
       from acquiring_gateway_order g left join results r on r.order_no = g.order_no
       where g.deleted_at is null and g.created_at >= :from and g.created_at < :to
         and (cardinality(:providers::text[]) = 0 or g.provider_id = any(:providers::text[]))
     )`

export async function outcomeRows(knex: Knex, s: OverviewScope): Promise<OutcomeRow[]> {
  // Grouping a month of orders in memory: with the default work_mem the sort spills to disk.
  const { rows } = await knex.transaction(async (trx): Promise<{ rows: OutcomeRow[] }> => {
    await trx.raw(`set local work_mem = '64MB'`)
    return trx.raw(
      `${CLASSIFIED_SQL}
     select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, provider_id, outcome,
       case when outcome = 'declined' then decline_code end as decline_code, kind, payment_method, currency_code,
       count(*)::int as count, sum(amount)::text as amount
     from o group by 1, 2, 3, 4, 5, 6, 7`,
      { from: s.from, to: s.to, now: s.now, providers: s.provider_ids },
    )
  })
  return rows as OutcomeRow[]
}

export interface MoneyRow {
  what: string
  currency_code: string
  count: number
  amount: string | null
}

const PROVIDERS = `(cardinality(:providers::text[]) = 0 or g.provider_id = any(:providers::text[]))`

/** Movements done, disputes opened and orphans settled in the period, per currency. */
export async function moneyRows(knex: Knex, s: OverviewScope): Promise<MoneyRow[]> {
  const { rows } = await knex.raw(
    `select case m.kind when 'cancel' then 'voided' when 'capture' then 'captured' else 'refunded' end as what,
       coalesce(m.currency_code, g.currency_code) as currency_code, count(*)::int as count,
       sum(coalesce(m.amount, g.amount))::text as amount
     from acquiring_movement m join acquiring_gateway_order g on g.order_no = m.order_no and g.deleted_at is null
     where m.deleted_at is null and m.outcome = 'done' and m.kind in ('capture', 'cancel', 'refund')
       and m.created_at >= :from and m.created_at < :to and ${PROVIDERS}
     group by 1, 2
     union all
     select 'disputed', g.currency_code, count(*)::int, sum(coalesce(d.amount, g.amount))::text
     from acquiring_dispute d join acquiring_gateway_order g on g.order_no = d.order_no and g.deleted_at is null
     where d.deleted_at is null and d.created_at >= :from and d.created_at < :to and ${PROVIDERS}
     group by 2
     union all
     select 'settled_orphans', g.currency_code, count(*)::int, sum(g.amount)::text
     from acquiring_gateway_order g
     where g.deleted_at is null and g.state = 'settled' and g.settled_at >= :from and g.settled_at < :to and ${PROVIDERS}
     group by 2`,
    { from: s.from, to: s.to, providers: s.provider_ids },
  )
  return rows as MoneyRow[]
}

export interface AwaitingRow {
  currency_code: string
  count: number
  amount: string
  oldest: Date
}

/** Attached orders of manual-capture providers, within the capture window, that nothing of ours moved yet. */
export async function awaitingRows(knex: Knex, providerIds: string[], since: Date): Promise<AwaitingRow[]> {
  if (!providerIds.length) return []
  const { rows } = await knex.raw(
    `select g.currency_code, count(*)::int as count, sum(g.amount)::text as amount, min(g.created_at) as oldest
     from acquiring_gateway_order g
     where g.deleted_at is null and g.state = 'attached' and g.created_at >= :since
       and g.provider_id = any(:providers::text[])
       and not exists (select 1 from acquiring_movement m where m.order_no = g.order_no and m.deleted_at is null
                       and m.outcome = 'done' and m.kind in ('capture', 'cancel', 'refund'))
     group by 1`,
    { since, providers: providerIds },
  )
  return rows as AwaitingRow[]
}

export interface OpenDisputeRow {
  dispute_id: string
  order_no: string
  payment_id: string
  status: string
  reason: string | null
  amount: string | null
  currency_code: string | null
  deadline: string | null
  opened_at: string
}

export async function openDisputes(knex: Knex, providerIds: string[], limit = 20): Promise<OpenDisputeRow[]> {
  const { rows } = await knex.raw(
    `select d.dispute_id, d.order_no, d.payment_id, d.status, d.reason,
       coalesce(d.amount, g.amount)::text as amount, g.currency_code, d.deadline, d.opened_at
     from acquiring_dispute d left join acquiring_gateway_order g on g.order_no = d.order_no and g.deleted_at is null
     where d.deleted_at is null and d.status in ('opened', 'under_review')
       and (cardinality(:providers::text[]) = 0 or g.provider_id = any(:providers::text[]))
     order by d.deadline asc nulls last, d.created_at asc limit :limit`,
    { providers: providerIds, limit },
  )
  return rows as OpenDisputeRow[]
}
