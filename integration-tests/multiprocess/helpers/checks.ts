import { Client } from "pg"

/** Read-only SQL over the shared database: what the instances wrote, counted. */
export async function withDb<T>(databaseUrl: string, fn: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ connectionString: databaseUrl })
  await c.connect()
  try {
    return await fn(c)
  } finally {
    await c.end().catch(() => {})
  }
}

/** Orders per cart (Medusa's order_cart link) for the given carts. */
export async function ordersPerCart(c: Client, cartIds: string[]): Promise<Map<string, number>> {
  const { rows } = await c.query(
    "select cart_id, count(distinct order_id)::int as n from order_cart where deleted_at is null and cart_id = any($1) group by cart_id",
    [cartIds],
  )
  return new Map(rows.map((r) => [r.cart_id as string, r.n as number]))
}

export interface PaymentRow {
  id: string
  order_no: string
  transaction_id: string | null
  amount: string
  captured_at: Date | null
  captures: number
}

/** Every live payment with its number of Medusa captures. */
export async function payments(c: Client): Promise<PaymentRow[]> {
  const { rows } = await c.query(
    `select p.id, p.data->>'order_no' as order_no, p.data->>'transaction_id' as transaction_id, p.amount::text as amount, p.captured_at,
            (select count(*)::int from capture k where k.payment_id = p.id and k.deleted_at is null) as captures
       from payment p where p.deleted_at is null`,
  )
  return rows as PaymentRow[]
}

export const countOrders = async (c: Client) =>
  Number((await c.query(`select count(*)::int as n from "order" where deleted_at is null`)).rows[0].n)

/** Tally values: {"1": 200} */
export function tally(values: Array<string | number>): Record<string, number> {
  const out: Record<string, number> = {}
  for (const v of values) out[String(v)] = (out[String(v)] ?? 0) + 1
  return out
}

/** Polls `test` every second until it holds; throws naming `what` after `ms`. */
export async function waitUntil(what: string, ms: number, test: () => Promise<boolean>): Promise<void> {
  const until = Date.now() + ms
  while (Date.now() < until) {
    if (await test()) return
    await new Promise((r) => setTimeout(r, 1_000))
  }
  throw new Error(`timed out waiting for ${what}`)
}
