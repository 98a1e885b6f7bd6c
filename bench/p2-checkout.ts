/**
 * P2 checkout through Medusa's Store API: payment-session creation + cart completion with the
 * acquiring provider vs Medusa's pp_system_default, same app, same run, alternated cart by
 * cart; median of each. Target ≤ 1.10× (a miss is printed, never loosened). Building the cart and
 * the shopper paying on the gateway are outside the timed part (the same work, or not Medusa's, for both).
 *
 *   npx tsx bench/p2-checkout.ts [carts=30]
 */
import "./lib/quiet"
import { PROVIDERS } from "../integration-tests/http/helpers/acquiring-seed"
import { cartWithShipping, completeCart, DEVICE, startSession } from "../integration-tests/http/helpers/acquiring-store"
import { SYSTEM_PROVIDER, type BenchApp, runAloneWithApp } from "./lib/app"
import { median, ms, type BenchRow } from "./lib/report"

let n = 0
const email = () => `p2-${process.pid}-${n++}@shop.test`

/** One checkout: the Medusa time of the session request and of the completion, in ms. */
async function checkout(app: BenchApp, provider: string): Promise<{ session: number; complete: number }> {
  const { api, seed, sandbox } = app
  const cart = await cartWithShipping(api as never, seed, { email: email() })
  let t = performance.now()
  const { session } = await startSession(
    api as never,
    seed,
    cart.id,
    provider,
    provider === SYSTEM_PROVIDER ? {} : { device: DEVICE },
  )
  const opened = performance.now() - t
  if (provider !== SYSTEM_PROVIDER) sandbox.shopper.pay(session.data.order_no, { card: "4111111111111111" })
  t = performance.now()
  const done = await completeCart(api as never, seed, cart.id)
  const complete = performance.now() - t
  if (done.type !== "order")
    throw new Error(`${provider}: cart did not complete: ${JSON.stringify(done.error ?? done).slice(0, 300)}`)
  return { session: opened, complete }
}

/** Each half's median beside the whole's: where a difference comes from. */
const split = (xs: Array<{ session: number; complete: number }>) =>
  `session ${ms(median(xs.map((x) => x.session)))} + completion ${ms(median(xs.map((x) => x.complete)))}`

export async function runP2(app: BenchApp, carts = 30): Promise<BenchRow[]> {
  // The bench drives completion itself: a notification racing it would time something else.
  const drop = app.sandbox.faults.add({ target: "notifications", kind: "drop" })
  try {
    for (let i = 0; i < 3; i++) {
      await checkout(app, PROVIDERS.hosted)
      await checkout(app, SYSTEM_PROVIDER)
    }
    const ours: Array<{ session: number; complete: number }> = []
    const system: Array<{ session: number; complete: number }> = []
    for (let i = 0; i < carts; i++) {
      ours.push(await checkout(app, PROVIDERS.hosted))
      system.push(await checkout(app, SYSTEM_PROVIDER))
    }
    const a = median(ours.map((x) => x.session + x.complete))
    const b = median(system.map((x) => x.session + x.complete))
    return [
      {
        id: "P2",
        what: `checkout: session + completion via Store API (${carts} carts each)`,
        measured: `median ${ms(a)} (${split(ours)}) vs pp_system_default ${ms(b)} (${split(system)})`,
        value: `${(a / b).toFixed(2)}×`,
        target: "≤ 1.10×",
        pass: a / b <= 1.1,
      },
    ]
  } finally {
    app.sandbox.faults.clear(drop.id)
  }
}

if (require.main === module) runAloneWithApp((app) => runP2(app, Number(process.argv[2] ?? 30)))
