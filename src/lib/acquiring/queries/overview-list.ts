import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { CLASSIFIED_SQL, type OverviewScope } from "./overview"

export interface OverviewListFilter {
  outcome?: string
  /** Decline codes to keep (a category's codes, resolved by the caller); [""] keeps orders without a code. */
  decline_codes?: string[]
  kind?: "card" | "apm"
  payment_method?: string
  tile?: "captured" | "refunded" | "voided" | "disputed" | "settled_orphans"
  limit: number
  offset: number
}

export interface OverviewListRow {
  order_no: string
  provider_id: string
  kind: string
  payment_method: string | null
  amount: string
  currency_code: string
  state: string
  outcome: string
  decline_code: string | null
  created_at: Date
}

const MOVEMENT_OF = { captured: "capture", refunded: "refund", voided: "cancel" } as const

export async function overviewList(
  knex: Knex,
  s: OverviewScope,
  f: OverviewListFilter,
): Promise<{ rows: OverviewListRow[]; count: number }> {
  const where: string[] = ["true"]
  const b: Record<string, unknown> = { from: s.from, to: s.to, now: s.now, providers: s.provider_ids }
  // A tile counts what happened in the period to orders of any age: its own CTE over every order.
  const source = f.tile ? "t" : "o"
  if (f.outcome) {
    where.push("outcome = :outcome")
    b.outcome = f.outcome
  }
  if (f.decline_codes) {
    where.push("coalesce(decline_code, '') = any(:codes::text[])")
    b.codes = f.decline_codes
  }
  if (f.kind === "card") where.push("kind <> 'authorise'")
  if (f.kind === "apm") {
    where.push("kind = 'authorise' and coalesce(payment_method, 'unknown') = :method")
    b.method = f.payment_method ?? "unknown"
  }
  const tileSql = f.tile ? tileFilter(f.tile, b) : ""
  const base = `${f.tile ? tiled(tileSql) : CLASSIFIED_SQL} select * from ${source} where ${where.join(" and ")}`
  const [{ rows }, { rows: counted }] = await Promise.all([
    knex.raw(
      `${base} order by created_at desc, id desc limit :limit offset :offset`.replace(
        "select *",
        `select order_no, provider_id, kind, payment_method, amount::text as amount, currency_code, state, outcome,
           decline_code, created_at, id`,
      ),
      { ...b, limit: f.limit, offset: f.offset },
    ),
    knex.raw(`${base.replace("select *", "select count(*)::int as count")}`, b),
  ])
  return {
    rows: (rows as (OverviewListRow & { id?: string })[]).map(({ id: _id, ...r }) => r),
    count: counted[0].count,
  }
}

function tileFilter(tile: NonNullable<OverviewListFilter["tile"]>, b: Record<string, unknown>): string {
  if (tile === "settled_orphans") return "g.state = 'settled' and g.settled_at >= :from and g.settled_at < :to"
  if (tile === "disputed")
    return `exists (select 1 from acquiring_dispute d where d.order_no = g.order_no and d.deleted_at is null
              and d.created_at >= :from and d.created_at < :to)`
  b.movement = MOVEMENT_OF[tile]
  return `exists (select 1 from acquiring_movement m where m.order_no = g.order_no and m.deleted_at is null
            and m.outcome = 'done' and m.kind = :movement and m.created_at >= :from and m.created_at < :to)`
}

const tiled = (condition: string) => `with t as (
    select g.*, null::text as decline_code,
      case when g.state in ('attached', 'settled', 'unmatched') then 'approved' else g.state end as outcome
    from acquiring_gateway_order g
    where g.deleted_at is null and ${condition}
      and (cardinality(:providers::text[]) = 0 or g.provider_id = any(:providers::text[]))
  )`
