import type { ConfigModule, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { acquiringProviderConfigs } from "../../../lib/acquiring/config"
import { pgConnection, type Knex } from "../../../lib/acquiring/queries/sql"

/** One order's acquiring payment that is authorised and not (fully) captured: a row of the admin's bulk page. */
export interface AwaitingCapture {
  order_id: string
  display_id: number | null
  payment_id: string
  provider_id: string
  order_no: string | null
  /** The gateway order's amount, a decimal string (the payment's data). */
  amount: string
  currency_code: string
  /** Sum of Medusa's capture rows (a partial capture leaves the payment open); null when none. */
  captured: string | null
  created_at: string
}

export interface AwaitingCapturePage {
  payments: AwaitingCapture[]
  count: number
  limit: number
  offset: number
}

/**
 * Newest first. Read-only SQL on Medusa's payment, capture and order tables and the
 * order↔payment-collection link (as reconciliation reads them); captures themselves go
 * through the bulk route and Medusa's workflows.
 */
export async function listAwaitingCapture(
  container: MedusaContainer,
  page: { limit: number; offset: number },
): Promise<AwaitingCapturePage> {
  const config = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE) as ConfigModule
  const providerIds = acquiringProviderConfigs(config).flatMap((c) => c.provider_ids)
  if (!providerIds.length) return { payments: [], count: 0, ...page }
  const knex = pgConnection(container)
  const open = knex("payment as p")
    .join("order_payment_collection as l", function (this: Knex) {
      this.on("l.payment_collection_id", "p.payment_collection_id").andOnNull("l.deleted_at")
    })
    .join("order as o", function (this: Knex) {
      this.on("o.id", "l.order_id").andOnNull("o.deleted_at")
    })
    .whereNull("p.deleted_at")
    .whereNull("p.canceled_at")
    .whereNull("p.captured_at")
    .whereIn("p.provider_id", providerIds)
  const [rows, [{ count }]] = await Promise.all([
    open
      .clone()
      .select(
        "o.id as order_id",
        "o.display_id",
        "p.id as payment_id",
        "p.provider_id",
        "p.currency_code",
        // ISO 8601 in UTC with PostgreSQL's microseconds.
        knex.raw(`to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at`),
        knex.raw("p.data->>'order_no' as order_no"),
        knex.raw("coalesce(p.data->>'amount', p.raw_amount->>'value') as amount"),
        knex.raw(
          `(select sum(c.amount) from capture c where c.payment_id = p.id and c.deleted_at is null)::text as captured`,
        ),
      )
      .orderBy([
        { column: "p.created_at", order: "desc" },
        { column: "p.id", order: "desc" },
      ])
      .limit(page.limit)
      .offset(page.offset),
    open.clone().count({ count: "p.id" }),
  ])
  return { payments: rows as AwaitingCapture[], count: Number(count), ...page }
}
