/**
 * The chaos shopper (#26, #34): N scripted checkouts through the Store API and the sandbox's pages
 * over HTTP, with a seeded mix of what real shoppers do (double-click Pay, go back and pick another
 * method, edit the cart after paying, pay a stale page, abandon, decline and retry, start a payment
 * again after the order, calculate taxes after the session, buy the last unit from two carts) and what
 * an admin does meanwhile (cancel while a capture or an authorisation runs), while the sandbox delays,
 * drops, duplicates and reorders notifications; then one reconciliation and the invariant
 * (helpers/chaos-invariant.ts): every paid gateway order is one order's money or holds nothing, an
 * order holds its total unless canceled, a canceled order holds nothing, nothing is settled twice.
 *
 * One driver for integration-tests/http/chaos-shopper.spec.ts (N = 40) and bench/p7-chaos.ts (N = 1,000).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import type { Sandbox } from "../../../src/sandbox"
import type { Api } from "../../../scripts/demo/store-seed"
import type { Seed } from "./acquiring-seed"
import { checkInvariant, graphChunks, tally } from "./chaos-invariant"
import {
  cancelWhileAuthorising,
  cancelWhileCapturing,
  lastUnitRace,
  sessionAfterOrder,
  taxesAfterSession,
} from "./chaos-moves"
import { seedChaos } from "./chaos-seed"
import {
  type ChaosContext,
  errorOf,
  type MoveResult,
  type Note,
  Shopper,
  type ShopperOutcome,
  sleep,
} from "./chaos-store"

export { CARDS } from "./chaos-store"

/** What the sandbox does to notifications during the checkouts (seeded by the sandbox's own seed). */
export const CHAOS_NOTIFICATION_FAULTS = [
  { target: "notifications", kind: "drop", probability: 0.12 },
  { target: "notifications", kind: "duplicate", probability: 0.12 },
  { target: "notifications", kind: "delay", delay_ms: 1_500, probability: 0.15 },
  { target: "notifications", kind: "out_of_order", hold_ms: 800, probability: 0.1 },
] as const

/** The scripts and how often each runs (weights); the first shoppers play each once, in this order. */
const MIX = [
  ["plain", 8],
  ["double_click", 14],
  ["other_method", 13],
  ["edit_after_paying", 14],
  ["stale_page", 14],
  ["abandon", 7],
  ["pay_and_leave", 7],
  ["decline_retry", 15],
  ["decline_leave", 8],
  ["session_after_order", 9],
  ["taxes_after_session", 6],
  ["cancel_while_capturing", 5],
  ["cancel_while_authorising", 5],
  ["last_unit_race", 4],
] as const
export type Scenario = (typeof MIX)[number][0]

export interface ChaosOptions {
  api: Api
  seed: Seed
  sandbox: Sandbox
  container: MedusaContainer
  n: number
  /** The shoppers' PRNG seed (CHAOS_SEED): the same seed plays the same scripts. */
  rngSeed?: number
  /** Checkouts at once (the two cores also run Medusa). */
  parallel?: number
  /** Progress lines (every 10 %). */
  log?: (line: string) => void
  /** Play only these scripts (CHAOS_SCRIPTS: to look at one move closely); all by default. */
  only?: string[]
}

export interface ChaosResult {
  n: number
  scenarios: Record<string, number>
  /** Mean seconds a script took. */
  script_seconds: Record<string, number>
  /** What each cart's shopper ended with (placed before the reconciliation, by it, or not). */
  shoppers: Record<string, number>
  /** What the moves of #34 were answered (a new session after the order, a completion after taxes, …). */
  moves: Record<string, number>
  /** What became of each gateway order after the reconciliation. */
  gateway_orders: Record<string, number>
  canceled_orders: number
  /** Workflow executions still running after the reconciliation (a completion stuck holding its cart's lock). */
  unfinished_workflows: Record<string, number>
  reconcile_changes: Record<string, number>
  books_states: Record<string, number>
  notifications: Record<string, number>
  faults_fired: Record<string, number>
  shopper_errors: string[]
  violations: string[]
  seconds: { checkouts: number; settle: number; reconcile: number; check: number; total: number }
}

/** mulberry32: small, seeded, good enough for picking scripts. */
export function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function pickScenario(r: number): Scenario {
  const total = MIX.reduce((s, [, w]) => s + w, 0)
  let x = r * total
  for (const [s, w] of MIX) {
    if ((x -= w) < 0) return s
  }
  return "plain"
}

/** The scripts of #26: each ends with what the shopper believes (placed, left, gave up). */
async function script(c: ChaosContext, s: Shopper, scenario: Scenario, note: Note, i: number): Promise<MoveResult> {
  const rnd = s.rnd
  const finish = async (label = "placed") => ({ ended: (await s.complete()) ? label : "not_placed" })
  if (scenario === "taxes_after_session") return taxesAfterSession(c, s, note)
  if (scenario === "last_unit_race") return lastUnitRace(c, s, note, i)
  await s.cart()
  switch (scenario) {
    case "session_after_order":
      return sessionAfterOrder(c, s, note)
    case "cancel_while_capturing":
      return cancelWhileCapturing(c, s, note)
    case "cancel_while_authorising":
      return cancelWhileAuthorising(c, s, note)
    case "plain": {
      await s.pay(await s.open(s.method()), "approve")
      return finish()
    }
    case "double_click": {
      // Two session requests at once on one collection; the browser shows the answer that came last.
      const m = s.method()
      await s.collection()
      const arrived: Awaited<ReturnType<Shopper["open"]>>[] = []
      const clicks = await Promise.allSettled([0, 1].map(() => s.open(m).then((p) => void arrived.push(p))))
      if (!arrived.length) throw (clicks[0] as PromiseRejectedResult).reason
      await s.pay(arrived[arrived.length - 1], "approve")
      return finish()
    }
    case "other_method": {
      const first = await s.open(s.method())
      if (rnd() < 0.5) await s.look(first)
      // Back, and the other method: Medusa deletes the first session.
      const second = await s.open(first.method === "hosted" ? "apm" : "hosted")
      await s.pay(second, "approve")
      return finish()
    }
    case "edit_after_paying": {
      const page = await s.open(s.method())
      // This payment's notification is late (it may meet another shopper's: chaos either way).
      c.sandbox.faults.add({ target: "notifications", kind: "delay", delay_ms: 2_000, count: 1 })
      await s.pay(page, "approve")
      if (!(await s.addItem())) return { ended: (await s.orderOfCart()) ? "placed_before_edit" : "not_placed" }
      // The storefront sees a new total and asks for a new session; the shopper pays again.
      await s.pay(await s.open(s.method()), "approve")
      return finish()
    }
    case "stale_page": {
      const old = await s.open(s.method())
      const current = await s.open(s.method())
      // The old tab is still open: the shopper pays there first.
      await s.pay(old, "approve")
      if (rnd() < 0.5) await s.complete(1) // fails: the cart's session is the new one, unpaid
      await s.pay(current, "approve")
      return finish()
    }
    case "abandon": {
      const page = await s.open(s.method())
      if (rnd() < 0.6) await s.look(page)
      if (rnd() < 0.3) await s.pay(page, "cancel")
      return { ended: "left" }
    }
    case "pay_and_leave": {
      // Paid, and the tab closed before the return page: the notification (or reconciliation) places it.
      await s.pay(await s.open(s.method()), "approve")
      return { ended: "left_after_paying" }
    }
    case "decline_retry": {
      await s.pay(await s.open(s.method()), "decline")
      await s.complete(1) // the return page's completion fails: declined
      // Retries with a new session, sometimes on another method.
      await s.pay(await s.open(s.method()), "approve")
      return finish()
    }
    case "decline_leave": {
      await s.pay(await s.open(s.method()), "decline")
      await s.complete(1)
      return { ended: "declined_left" }
    }
  }
}

async function play(
  c: ChaosContext,
  i: number,
  scenario: Scenario,
  rnd: () => number,
  note: Note,
): Promise<ShopperOutcome> {
  const s = new Shopper(c, rnd, i)
  const started = Date.now()
  let result: MoveResult | undefined
  let error: string | undefined
  try {
    result = await script(c, s, scenario, note, i)
  } catch (e) {
    error = `${scenario} #${i}: ${errorOf(e)}`
  }
  const all = [{ shopper: s, ended: result?.ended ?? "error" }, ...(result?.others ?? [])]
  const ended: Record<string, string> = {}
  for (const x of all) if (x.shopper.cartId) ended[x.shopper.cartId] ??= x.ended
  return {
    scenario,
    i,
    cart_ids: Object.keys(ended),
    order_nos: [...new Set(all.flatMap((x) => x.shopper.orderNos))],
    ended,
    error,
    ms: Date.now() - started,
  }
}

async function pool<T, R>(items: T[], parallel: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length)
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(parallel, items.length) }, async () => {
      while (next < items.length) {
        const k = next++
        out[k] = await fn(items[k])
      }
    }),
  )
  return out
}
/** Run the chaos: checkouts under notification faults, settle, one reconciliation, the invariant. */
export async function runChaos(o: ChaosOptions): Promise<ChaosResult> {
  const started = Date.now()
  const log = o.log ?? (() => {})
  const parallel = o.parallel ?? 4
  const rngSeed = o.rngSeed ?? 26
  const c: ChaosContext = { ...o, chaos: await seedChaos(o.api, o.seed) }
  const only = o.only?.length ? (o.only as Scenario[]) : undefined
  const unknown = only?.filter((x) => !MIX.some(([s]) => s === x))
  if (unknown?.length) throw new Error(`unknown chaos scripts: ${unknown.join(", ")}`)
  const faults = CHAOS_NOTIFICATION_FAULTS.map((f) => o.sandbox.faults.add(f as never))
  const firstNote = o.sandbox.notifications.list().length
  const moves: Record<string, number> = {}
  let doneCount = 0
  const outcomes = await pool(
    Array.from({ length: o.n }, (_, i) => i),
    parallel,
    async (i) => {
      const rnd = prng(rngSeed * 1_000_003 + i)
      const picked = pickScenario(rnd())
      const scenario = only ? only[i % only.length] : i < MIX.length ? MIX[i][0] : picked
      const r = await play(c, i, scenario, rnd, (what) => tally(moves, what))
      if (++doneCount % Math.max(1, Math.round(o.n / 10)) === 0) log(`chaos: ${doneCount}/${o.n} checkouts`)
      return r
    },
  )
  const tCheckouts = Date.now()
  const fired: Record<string, number> = {}
  for (const f of o.sandbox.faults.list()) tally(fired, `${f.kind}`, f.fired)
  for (const f of faults) o.sandbox.faults.clear(f.id)
  for (const target of ["notifications", "capture", "retrievalTrans"] as const) o.sandbox.faults.clear(target)
  await o.sandbox.notifications.settle(120_000)
  // Completions and notifications the sandbox's last retries started are over.
  await sleep(500)
  const tSettle = Date.now()

  const cartIds = outcomes.flatMap((x) => x.cart_ids)
  const ordered = new Set(
    (await graphChunks(o.container, "order_cart", ["cart_id"], "cart_id", cartIds)).map((l) => l.cart_id as string),
  )
  const { data } = await o.api.post("/admin/acquiring/reconcile", {}, o.seed.admin)
  const changes = data.report.changes as Array<{ kind: string; detail?: string }>
  const tReconcile = Date.now()

  const check = await checkInvariant(o.container, o.sandbox, outcomes)
  const stuck = await unfinishedWorkflows(o.container)
  const shoppers: Record<string, number> = {}
  const scenarios: Record<string, number> = {}
  const took: Record<string, number> = {}
  for (const x of outcomes) {
    tally(scenarios, x.scenario)
    tally(took, x.scenario, x.ms)
    if (x.error && !x.cart_ids.length) tally(shoppers, "error")
    for (const cart of x.cart_ids)
      tally(
        shoppers,
        ordered.has(cart)
          ? "order_placed"
          : check.placed.has(cart)
            ? "order_placed_by_reconciliation"
            : x.error
              ? "error"
              : `no_order_${x.ended[cart]}`,
      )
  }
  const notifications: Record<string, number> = {}
  for (const n of o.sandbox.notifications.list().slice(firstNote)) {
    tally(notifications, n.state)
    for (const f of n.faults) tally(notifications, `fault_${f}`)
    const last = n.attempts.at(-1)
    if (n.state === "delivered" && n.attempts.length > 1) tally(notifications, "delivered_after_retries")
    if (last?.status && last.status >= 300) tally(notifications, `last_answer_${last.status}`)
  }
  const reconcileChanges: Record<string, number> = {}
  for (const ch of changes)
    tally(
      reconcileChanges,
      ch.kind === "cart_paid_not_completed"
        ? `${ch.kind} (${String(ch.detail)
            .replace(/\w+_\w{20,}/g, "…")
            .slice(0, 160)})`
        : ch.kind,
    )
  const errors = outcomes.flatMap((x) => (x.error ? [x.error] : []))
  // A reconciliation error is a violation: the run could not settle what it found.
  const violations = [
    ...check.violations,
    ...changes.filter((ch) => ch.kind === "error").map((ch) => `reconcile error: ${ch.detail}`),
  ]
  const end = Date.now()
  const s = (a: number, b: number) => Math.round((b - a) / 100) / 10
  return {
    n: o.n,
    scenarios,
    script_seconds: Object.fromEntries(
      Object.entries(took).map(([k, ms]) => [k, Math.round(ms / scenarios[k] / 100) / 10]),
    ),
    shoppers,
    moves,
    gateway_orders: check.gatewayOutcomes,
    canceled_orders: check.canceled,
    unfinished_workflows: stuck,
    reconcile_changes: reconcileChanges,
    books_states: check.bookStates,
    notifications,
    faults_fired: fired,
    shopper_errors: errors,
    violations,
    seconds: {
      checkouts: s(started, tCheckouts),
      settle: s(tCheckouts, tSettle),
      reconcile: s(tSettle, tReconcile),
      check: s(tReconcile, end),
      total: s(started, end),
    },
  }
}

/** Workflow executions neither done, reverted nor failed, by workflow and state. */
async function unfinishedWorkflows(container: MedusaContainer): Promise<Record<string, number>> {
  const engine = container.resolve(Modules.WORKFLOW_ENGINE, { allowUnregistered: true }) as
    { listWorkflowExecutions: (f: unknown) => Promise<Array<{ workflow_id: string; state: string }>> } | undefined
  const out: Record<string, number> = {}
  for (const x of (await engine?.listWorkflowExecutions({
    state: { $nin: ["not_started", "done", "reverted", "failed"] },
  })) ?? [])
    tally(out, `${x.workflow_id}:${x.state}`)
  return out
}

/** The counts as one printable block. */
export function chaosReport(r: ChaosResult): string {
  const line = (name: string, m: Record<string, number>) =>
    `  ${name.padEnd(18)} ${Object.entries(m)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")}`
  return [
    `CHAOS SHOPPER N=${r.n} (${r.seconds.total} s: checkouts ${r.seconds.checkouts}, settle ${r.seconds.settle}, reconcile ${r.seconds.reconcile}, check ${r.seconds.check})`,
    line("scripts", r.scenarios),
    line("seconds a script", r.script_seconds),
    line("shoppers", r.shoppers),
    line("moves", r.moves),
    line("gateway orders", r.gateway_orders),
    `  canceled orders    ${r.canceled_orders}`,
    line("unfinished flows", r.unfinished_workflows),
    line("reconciliation", r.reconcile_changes),
    line("books", r.books_states),
    line("notifications", r.notifications),
    line("faults fired", r.faults_fired),
    `  shopper errors     ${r.shopper_errors.length}${r.shopper_errors.length ? `: ${r.shopper_errors.slice(0, 5).join(" | ")}` : ""}`,
    `  violations         ${r.violations.length}${r.violations.length ? `\n    ${r.violations.slice(0, 30).join("\n    ")}` : ""}`,
  ].join("\n")
}
