/**
 * P7 the chaos shopper at scale (#26, #34): N = 1,000 scripted checkouts through the Store API and
 * the sandbox's pages (double clicks, another method, the cart edited after paying, stale pages,
 * abandons, declines and retries, a new session after the order, taxes after the session, two
 * carts for the last unit) and an admin cancelling orders while captures and authorisations run,
 * while the sandbox delays, drops, duplicates and reorders notifications; then one reconciliation
 * and the invariant: orders and gateway money agree. The driver and the invariant are
 * integration-tests/http/helpers/chaos-shopper.ts, the same as the N = 40 test's.
 * Target: no violation, no shopper error. Prints the counts per outcome.
 *
 *   npx tsx bench/p7-chaos.ts [checkouts=1000] [parallel=6]
 */
import "./lib/quiet"
import { chaosProviderOptions } from "../integration-tests/http/helpers/chaos-seed"
import { chaosReport, runChaos } from "../integration-tests/http/helpers/chaos-shopper"
import { type BenchApp, runAloneWithApp } from "./lib/app"
import type { BenchRow } from "./lib/report"

export async function runP7(app: BenchApp, n = 1_000, parallel = 6): Promise<BenchRow[]> {
  const result = await runChaos({
    api: app.api,
    seed: app.seed,
    sandbox: app.sandbox,
    container: app.container,
    n,
    parallel,
    rngSeed: Number(process.env.CHAOS_SEED ?? 26),
    only: process.env.CHAOS_SCRIPTS?.split(","),
    log: (line) => console.error(`[bench] P7 ${line}`),
  })
  console.error(`\n${chaosReport(result)}\n`)
  const g = result.gateway_orders
  const sh = result.shoppers
  const bad = result.violations.length + result.shopper_errors.length
  return [
    {
      id: "P7",
      what: `chaos shopper, ${n} checkouts`,
      measured: `${sh.order_placed ?? 0} placed (+${sh.order_placed_by_reconciliation ?? 0} by reconciliation); gateway orders: ${g.attached_to_order ?? 0} attached, ${g.voided ?? 0} voided, ${g.refunded ?? 0} refunded, ${(g.never_paid_waiting ?? 0) + (g.never_paid_cancelled ?? 0)} never paid, ${g.declined ?? 0} declined; ${result.canceled_orders} orders canceled by the admin; ${result.violations.length} violations, ${result.shopper_errors.length} shopper errors; ${result.seconds.total} s`,
      value: `${bad} violations`,
      target: "0 violations",
      pass: bad === 0,
    },
  ]
}

if (require.main === module) {
  // The app boots after this: the run's reconciliation settles carts that can never complete.
  process.env.ACQ_OPTIONS_OVERRIDE ??= JSON.stringify(chaosProviderOptions())
  runAloneWithApp((app) => runP7(app, Number(process.argv[2] ?? 1_000), Number(process.argv[3] ?? 6)))
}
