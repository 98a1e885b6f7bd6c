import { Client } from "pg"
import { AdminApi } from "./admin"
import { ADDRESS, storeApi } from "./dashboard"
import type { DemoStack } from "./demo-stack"

const HOSTED = "pp_acquiring_acquiring"
const APM = "pp_acquiring-apm_acquiring"

/** Each decline the sandbox can give, by the card (and answer) that gets it, with its mapped reason. */
export const DECLINES = [
  { category: "insufficient_funds", pay: { card: "4000000000009995" } },
  { category: "refused", pay: { card: "4000000000000002" } },
  { category: "three_ds_failed", pay: { card: "4000000000003220", three_ds_code: "0000" } },
  { category: "expired", pay: { card: "4000000000000069" } },
  { category: "canceled", pay: { action: "cancel" as const } },
] as const

export interface OverviewMix {
  approved: string
  declined: Record<(typeof DECLINES)[number]["category"], string>
  abandoned: string
  apm: string
  orphan: string
  /** The session that replaced the orphan's, still open. */
  pending: string
  refund: string
}

/**
 * The mix on the demo store: an approved card payment (captured, refunded in part, disputed),
 * a decline for each reason, an abandoned page, an APM approval and a settled orphan. Returns the
 * gateway order numbers once every notification is delivered.
 */
export async function buildOverviewMix(stack: DemoStack & { regionId?: string }): Promise<OverviewMix> {
  const store = storeApi(stack)
  const admin = new AdminApi(stack.backendUrl, stack.admin)
  const { regionId } = stack as unknown as { regionId: string }
  const { products } = await store(`/store/products?region_id=${regionId}&fields=*variants`)
  const readyCart = async () => {
    const cart = (
      await store("/store/carts", {
        region_id: regionId,
        email: `mix-${Date.now()}@shop.test`,
        items: [{ variant_id: products[0].variants[0].id, quantity: 1 }],
        shipping_address: ADDRESS,
        billing_address: ADDRESS,
      })
    ).cart
    const { shipping_options } = await store(`/store/shipping-options?cart_id=${cart.id}`)
    await store(`/store/carts/${cart.id}/shipping-methods`, { option_id: shipping_options[0].id })
    return cart.id as string
  }
  const session = async (cartId: string, provider = HOSTED, data: Record<string, unknown> = {}) => {
    const collection = (await store("/store/payment-collections", { cart_id: cartId })).payment_collection
    const answer = await store(`/store/payment-collections/${collection.id}/payment-sessions`, {
      provider_id: provider,
      data,
    })
    return answer.payment_collection.payment_sessions[0].data.order_no as string
  }
  const delivered = async (orderNos: string[]) => {
    const done = () =>
      stack.sandbox.notifications
        .list()
        .filter((n) => orderNos.includes(n.payload.order_no) && n.state === "delivered")
        .map((n) => n.payload.order_no)
    for (const end = Date.now() + 60_000; Date.now() < end; await new Promise((r) => setTimeout(r, 250)))
      if (orderNos.every((no) => done().includes(no))) return
    throw new Error(`no delivered notification for ${orderNos.filter((no) => !done().includes(no)).join(", ")}`)
  }

  // Approved, its order placed by the notification; then captured, refunded in part and disputed.
  const approved = await session(await readyCart())
  stack.sandbox.shopper.pay(approved, { card: "4111111111111111" })
  await delivered([approved])
  const order = await admin.order(await admin.latestOrderId())
  const payment = order.payment_collections[0].payments[0] as unknown as { id: string; amount: number }
  const refund = (Math.floor((Number(payment.amount) * 100) / 3) / 100).toFixed(2)
  await admin.call(`/admin/payments/${payment.id}/capture`, {})
  await admin.call(`/admin/payments/${payment.id}/refund`, { amount: Number(refund) })
  stack.sandbox.portal.openDispute(approved, { reason: "Fraudulent transaction", deadline: "2030-01-31" })

  const declined = {} as OverviewMix["declined"]
  for (const d of DECLINES) {
    declined[d.category] = await session(await readyCart())
    stack.sandbox.shopper.pay(declined[d.category], d.pay)
  }

  // Abandoned: a page opened and left; its expiry moved back in the books, as an hour passing would.
  const abandoned = await session(await readyCart())
  await books(stack, (db) =>
    db.query(`update acquiring_gateway_order set page_expires_at = now() - interval '1 minute' where order_no = $1`, [
      abandoned,
    ]),
  )

  const apm = await session(await readyCart(), APM, {
    payment_method: "sandbox_wallet",
    return_url: `${stack.storefrontUrl}/`,
  })
  stack.sandbox.shopper.apm(apm, true)

  // A settled orphan: session A replaced by B (a double click), then A's page paid; B stays open.
  const orphanCart = await readyCart()
  const orphan = await session(orphanCart)
  const pending = await session(orphanCart)
  stack.sandbox.shopper.pay(orphan, { card: "4111111111111111" })

  await delivered([...Object.values(declined), apm, orphan])
  // The orphan settled and the dispute recorded: both reach the books through notifications.
  const recorded = () =>
    books(stack, (db) =>
      db.query(
        `select (select state from acquiring_gateway_order where order_no = $1) as orphan,
           (select count(*)::int from acquiring_dispute where order_no = $2) as disputes`,
        [orphan, approved],
      ),
    )
  for (const end = Date.now() + 60_000; Date.now() < end; await new Promise((r) => setTimeout(r, 250))) {
    const { rows } = await recorded()
    if (rows[0].orphan === "settled" && rows[0].disputes > 0) break
  }
  return { approved, declined, abandoned, apm, orphan, pending, refund }
}

/** One query on the demo's database (the books); the connection is closed after it. */
export async function books<T>(stack: DemoStack, run: (db: Client) => Promise<T>): Promise<T> {
  const db = new Client({ connectionString: stack.databaseUrl })
  await db.connect()
  try {
    return await run(db)
  } finally {
    await db.end()
  }
}

/** Cents of a decimal string, exactly (the books keep amounts as numerics). */
export const centsOf = (v: string) => {
  const [whole, fraction = ""] = v.split(".")
  return BigInt(whole) * 100n + BigInt((fraction + "00").slice(0, 2))
}
export const eur = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, "0")} EUR`
