/**
 * The chaos shopper (#26): N scripted checkouts through the Store API and the sandbox's pages over
 * HTTP, with a seeded mix of what real shoppers do (double-click Pay, go back and pick another
 * method, edit the cart after paying, pay a stale page, abandon, decline and retry) while the
 * sandbox delays, drops, duplicates and reorders notifications; then one reconciliation and the
 * invariant of the books:
 *
 * - every gateway order that was authorised or paid is attached to exactly one Medusa order for the
 *   same amount, or voided / refunded in full;
 * - every Medusa order's payment matches one gateway order;
 * - nothing is settled twice (at most one refund or one void per gateway order, never one of an
 *   attached order).
 *
 * One driver for integration-tests/http/chaos-shopper.spec.ts (N = 40) and bench/p7-chaos.ts (N = 1,000).
 * The gateway's side is read from the sandbox (it runs in the caller's process), Medusa's with Query.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import type { Sandbox } from "../../../src/sandbox"
import type { Api } from "../../../scripts/demo/store-seed"
import { BILLING_ADDRESS, PROVIDERS, SHIPPING_ADDRESS, type Seed } from "./acquiring-seed"
import { DEVICE } from "./acquiring-store"
import { formOf, getPage, payOnHostedPage, postForm, type HostedForm } from "./browser"

export const CARDS = { approve: "4111111111111111", decline: "4000000000000002" } as const

/** What the sandbox does to notifications during the checkouts (seeded by the sandbox's own seed). */
export const CHAOS_NOTIFICATION_FAULTS = [
  { target: "notifications", kind: "drop", probability: 0.12 },
  { target: "notifications", kind: "duplicate", probability: 0.12 },
  { target: "notifications", kind: "delay", delay_ms: 1_500, probability: 0.15 },
  { target: "notifications", kind: "out_of_order", hold_ms: 800, probability: 0.1 },
] as const

export type Scenario =
  | "plain"
  | "double_click"
  | "other_method"
  | "edit_after_paying"
  | "stale_page"
  | "abandon"
  | "pay_and_leave"
  | "decline_retry"
  | "decline_leave"

/** How often each script runs (weights). */
const MIX: Array<[Scenario, number]> = [
  ["plain", 8],
  ["double_click", 14],
  ["other_method", 13],
  ["edit_after_paying", 14],
  ["stale_page", 14],
  ["abandon", 7],
  ["pay_and_leave", 7],
  ["decline_retry", 15],
  ["decline_leave", 8],
]

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
}

export interface ChaosResult {
  n: number
  scenarios: Record<string, number>
  /** What each shopper ended with, as the storefront saw it (before the reconciliation). */
  shoppers: Record<string, number>
  /** What became of each gateway order after the reconciliation. */
  gateway_orders: Record<string, number>
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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const tally = (m: Record<string, number>, k: string, by = 1) => (m[k] = (m[k] ?? 0) + by)
const errorOf = (e: unknown) => {
  const r = (e as { response?: { status?: number; data?: { message?: string } } })?.response
  return r
    ? `${r.status} ${String(r.data?.message ?? "").slice(0, 160)}`
    : String((e as Error)?.message ?? e).slice(0, 160)
}

type Method = "hosted" | "apm"
interface Opened {
  session_id: string
  order_no: string
  method: Method
  form?: HostedForm
  issuer_url?: string
}

/** One shopper's Store API and pages. */
class Shopper {
  cartId = ""
  collectionId = ""
  readonly orderNos: string[] = []
  constructor(
    private readonly o: ChaosOptions,
    readonly rnd: () => number,
    private readonly i: number,
  ) {}

  private get h() {
    return this.o.seed.store
  }

  method(): Method {
    return this.rnd() < 0.6 ? "hosted" : "apm"
  }

  async cart(): Promise<void> {
    const { api, seed } = this.o
    const { data } = await api.post(
      "/store/carts",
      {
        region_id: seed.region_id,
        email: `chaos-${this.i}-${Math.random().toString(36).slice(2, 8)}@shop.test`,
        items: [{ variant_id: seed.variants.mug, quantity: 1 + Math.floor(this.rnd() * 2) }],
        shipping_address: SHIPPING_ADDRESS,
        billing_address: BILLING_ADDRESS,
      },
      this.h,
    )
    this.cartId = data.cart.id
    await api.post(
      `/store/carts/${this.cartId}/shipping-methods?fields=id`,
      { option_id: seed.shipping_option_id },
      this.h,
    )
  }

  /** POST /store/payment-collections: the cart's collection (answered again, not created again). */
  async collection(): Promise<string> {
    if (!this.collectionId)
      this.collectionId = (
        await this.o.api.post("/store/payment-collections?fields=id", { cart_id: this.cartId }, this.h)
      ).data.payment_collection.id
    return this.collectionId
  }

  /** POST …/payment-sessions, as the js-sdk's initiatePaymentSession does. */
  async open(method: Method): Promise<Opened> {
    const { api } = this.o
    const collectionId = await this.collection()
    const provider_id = method === "hosted" ? PROVIDERS.hosted : PROVIDERS.apm
    const data =
      method === "hosted"
        ? { device: DEVICE, return_url: "http://shop.test/checkout/return" }
        : { payment_method: "sandbox_wallet", return_url: "http://shop.test/checkout/return" }
    const res = await api.post(
      `/store/payment-collections/${collectionId}/payment-sessions`,
      { provider_id, data },
      this.h,
    )
    const all = res.data.payment_collection.payment_sessions as Array<any>
    for (const x of all)
      if (x.data?.order_no && !this.orderNos.includes(x.data.order_no)) this.orderNos.push(x.data.order_no)
    // The answer lists the collection's sessions: the storefront shows the newest of its provider.
    const s = all
      .filter((x) => x.provider_id === provider_id)
      .sort((a, b) => String(a.created_at).localeCompare(String(b.created_at)))
      .at(-1)
    if (!s?.data?.order_no) throw new Error(`no ${method} session in the answer`)
    let form = s.data.form as HostedForm | undefined
    if (method === "hosted" && !form) {
      // Another answer carried this session's page (two requests at once): read it as a reload would.
      const page = await api.get(s.data.hosted_page_path, {
        headers: { ...this.h.headers, "x-acquiring-page-token": s.data.hosted_page_token },
      })
      form = page.data.hosted_page.form
    }
    return { session_id: s.id, order_no: s.data.order_no, method, form, issuer_url: s.data.issuer_url }
  }

  /** The page of a session, as the shopper's browser shows it: approve (pay), decline, or cancel. */
  async pay(page: Opened, outcome: "approve" | "decline" | "cancel"): Promise<void> {
    if (page.method === "hosted") {
      if (!page.form) throw new Error(`session ${page.session_id} has no hosted form`)
      await payOnHostedPage(page.form, {
        number: outcome === "decline" ? CARDS.decline : CARDS.approve,
        action: outcome === "cancel" ? "cancel" : "pay",
      })
      return
    }
    if (!page.issuer_url) throw new Error(`session ${page.session_id} has no issuer_url`)
    const shown = await getPage(page.issuer_url)
    if (shown.status !== 200) return // already decided: the page sends the shopper back
    const form = formOf(shown.html, page.issuer_url)
    await postForm(form.action, { ...form.fields, action: outcome === "approve" ? "approve" : "reject" })
  }

  /** Only loads the page (an abandoned checkout still opened it). */
  async look(page: Opened): Promise<void> {
    if (page.method === "hosted" && page.form) await postForm(page.form.action, page.form.fields)
    else if (page.issuer_url) await getPage(page.issuer_url)
  }

  async addItem(): Promise<boolean> {
    try {
      await this.o.api.post(
        `/store/carts/${this.cartId}/line-items?fields=id`,
        { variant_id: this.o.seed.variants.tee, quantity: 1 },
        this.h,
      )
      return true
    } catch {
      return false // the cart was completed meanwhile (its notification came first)
    }
  }

  async orderOfCart(): Promise<string | undefined> {
    const query = this.o.container.resolve("query")
    const { data } = await query.graph({
      entity: "order_cart",
      fields: ["order_id"],
      filters: { cart_id: this.cartId },
    })
    return (data[0] as { order_id?: string } | undefined)?.order_id
  }

  /** The return page's completion, asked again a few times (409 while the notification completes it). */
  async complete(tries = 4): Promise<string | undefined> {
    for (let attempt = 0; attempt < tries; attempt++) {
      try {
        const { data } = await this.o.api.post(`/store/carts/${this.cartId}/complete`, {}, this.h)
        if (data.type === "order") return data.order.id
      } catch {
        // 409 (being completed), 400 (no payable session)
      }
      const existing = await this.orderOfCart()
      if (existing) return existing
      await sleep(150 * (attempt + 1))
    }
    return this.orderOfCart()
  }
}

interface ShopperOutcome {
  scenario: Scenario
  i: number
  cart_id: string
  order_nos: string[]
  /** placed, no_order (gave up or left), error */
  ended: string
  error?: string
}

/** The scripts: each ends with what the shopper believes (placed, left, gave up). */
async function play(o: ChaosOptions, i: number, scenario: Scenario, rnd: () => number): Promise<ShopperOutcome> {
  const s = new Shopper(o, rnd, i)
  const out = (ended: string): ShopperOutcome => ({ scenario, i, cart_id: s.cartId, order_nos: s.orderNos, ended })
  try {
    await s.cart()
    const finish = async (label = "placed") => ((await s.complete()) ? out(label) : out("not_placed"))
    switch (scenario) {
      case "plain": {
        await s.pay(await s.open(s.method()), "approve")
        return finish()
      }
      case "double_click": {
        // Two session requests at once on one collection; the browser shows the answer that came last.
        const m = s.method()
        await s.collection()
        const arrived: Opened[] = []
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
        o.sandbox.faults.add({ target: "notifications", kind: "delay", delay_ms: 2_000, count: 1 })
        await s.pay(page, "approve")
        if (!(await s.addItem())) return (await s.orderOfCart()) ? out("placed_before_edit") : out("not_placed")
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
        return out("left")
      }
      case "pay_and_leave": {
        // Paid, and the tab closed before the return page: the notification (or reconciliation) places it.
        await s.pay(await s.open(s.method()), "approve")
        return out("left_after_paying")
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
        return out("declined_left")
      }
    }
  } catch (e) {
    return { ...out("error"), error: `${scenario} #${i}: ${errorOf(e)}` }
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

async function graphChunks(container: MedusaContainer, entity: string, fields: string[], key: string, ids: string[]) {
  const query = container.resolve("query")
  const rows: any[] = []
  for (let i = 0; i < ids.length; i += 200) {
    const { data } = await query.graph({ entity, fields, filters: { [key]: ids.slice(i, i + 200) } })
    rows.push(...data)
  }
  return rows
}

const PAID_STATES = new Set(["authorised", "paid", "partially_refunded", "refunded"])
const money = (v: unknown) => Number(v ?? NaN).toFixed(2)

/**
 * The invariant over the gateway orders of these carts (every order number a session answer showed,
 * and every one the books hold for the carts) and Medusa's orders of these carts.
 */
async function checkInvariant(o: ChaosOptions, outcomes: ShopperOutcome[]) {
  const { sandbox, container } = o
  const cartIds = outcomes.map((x) => x.cart_id).filter(Boolean)
  const books = container.resolve("acquiring") as {
    listGatewayOrders: (
      f: unknown,
      c?: unknown,
    ) => Promise<Array<{ order_no: string; state: string; settlement: string | null }>>
  }
  const bookRows: Array<{ order_no: string; state: string; settlement: string | null }> = []
  for (let i = 0; i < cartIds.length; i += 500)
    bookRows.push(...(await books.listGatewayOrders({ cart_id: cartIds.slice(i, i + 500) }, { take: null })))
  const orderNos = new Set([...outcomes.flatMap((x) => x.order_nos), ...bookRows.map((b) => b.order_no)])
  for (const b of [...orderNos])
    if (!bookRows.some((r) => r.order_no === b)) bookRows.push(...(await books.listGatewayOrders({ order_no: b })))

  // Medusa: each cart's collection with its payments, and the cart's orders.
  const carts = await graphChunks(
    container,
    "cart",
    [
      "id",
      "payment_collection.id",
      "payment_collection.payments.id",
      "payment_collection.payments.amount",
      "payment_collection.payments.data",
      "payment_collection.payments.canceled_at",
    ],
    "id",
    cartIds,
  )
  const links = await graphChunks(container, "order_cart", ["cart_id", "order_id"], "cart_id", cartIds)
  const orders = await graphChunks(
    container,
    "order",
    ["id", "total", "status"],
    "id",
    links.map((l) => l.order_id),
  )
  const orderById = new Map(orders.map((x) => [x.id as string, x]))
  const ordersOfCart = new Map<string, string[]>()
  for (const l of links) ordersOfCart.set(l.cart_id, [...(ordersOfCart.get(l.cart_id) ?? []), l.order_id])

  const violations: string[] = []
  /** Live Medusa payments by gateway order number, with the order they belong to. */
  const paymentsOf = new Map<string, Array<{ id: string; amount: unknown; order_id?: string; cart_id: string }>>()
  for (const c of carts) {
    const cartOrders = ordersOfCart.get(c.id) ?? []
    if (cartOrders.length > 1) violations.push(`cart ${c.id} has ${cartOrders.length} orders`)
    const live = (c.payment_collection?.payments ?? []).filter((p: any) => !p.canceled_at)
    if (cartOrders.length && live.length !== 1)
      violations.push(`order ${cartOrders[0]} (cart ${c.id}) has ${live.length} live payments`)
    for (const p of live) {
      const no = p.data?.order_no as string
      paymentsOf.set(no, [
        ...(paymentsOf.get(no) ?? []),
        { id: p.id, amount: p.amount, order_id: cartOrders[0], cart_id: c.id },
      ])
    }
  }

  const gatewayOutcomes: Record<string, number> = {}
  const whose = new Map(
    outcomes.flatMap((x) =>
      x.order_nos.map((n, k) => [n, `${x.scenario} #${x.i}, session ${k + 1} of ${x.order_nos.length}`] as const),
    ),
  )
  for (const no of orderNos) {
    const fail = (msg: string) => violations.push(`${msg} [${whose.get(no) ?? "not seen by a shopper"}]`)
    const g = sandbox.inspect.order(no)
    const payments = paymentsOf.get(no) ?? []
    if (!g) {
      if (payments.length) fail(`Medusa payment ${payments[0].id} names ${no}, which the gateway does not know`)
      tally(gatewayOutcomes, "never_opened")
      continue
    }
    const everPaid = g.history.some((h) => h.to === "authorised" || h.to === "paid")
    const voids = g.history.filter((h) => h.to === "cancelled" && h.from !== "waiting").length
    const refunds = g.refunds.length
    if (voids + refunds > 1) fail(`${no}: settled ${voids + refunds} times (${voids} voids, ${refunds} refunds)`)
    if (!everPaid) {
      if (payments.length) fail(`${no} (${g.state}, never paid) has Medusa payment ${payments[0].id}`)
      tally(
        gatewayOutcomes,
        g.state === "declined" ? "declined" : g.state === "waiting" ? "never_paid_waiting" : "never_paid_cancelled",
      )
      continue
    }
    if (payments.length > 1) {
      fail(`${no} is attached to ${payments.length} Medusa payments (${payments.map((p) => p.id).join(", ")})`)
      continue
    }
    if (payments.length === 1) {
      const p = payments[0]
      const order = p.order_id ? orderById.get(p.order_id) : undefined
      const problems = [
        !order && "its payment belongs to no order",
        !(g.state === "authorised" || g.state === "paid") && `it is ${g.state} at the gateway`,
        money(p.amount) !== g.amount && `payment amount ${money(p.amount)} ≠ gateway ${g.amount}`,
        order && money(order.total) !== g.amount && `order total ${money(order.total)} ≠ gateway ${g.amount}`,
      ].filter(Boolean)
      if (problems.length) fail(`${no} attached (payment ${p.id}): ${problems.join("; ")}`)
      else tally(gatewayOutcomes, "attached_to_order")
      continue
    }
    // No Medusa payment: voided or refunded in full.
    if (g.state === "cancelled") tally(gatewayOutcomes, "voided")
    else if (g.state === "refunded" && g.refunded_amount === g.captured_amount) tally(gatewayOutcomes, "refunded")
    else
      fail(
        `${no} is ${g.state} (captured ${g.captured_amount}, refunded ${g.refunded_amount}) and belongs to no Medusa order`,
      )
  }

  // Every Medusa order's payment is one of the gateway orders checked above.
  for (const [, list] of paymentsOf)
    for (const p of list)
      if (p.order_id && !orderById.get(p.order_id)) violations.push(`order ${p.order_id} is missing`)
  for (const c of carts)
    for (const p of (c.payment_collection?.payments ?? []).filter((x: any) => !x.canceled_at))
      if (!orderNos.has(p.data?.order_no))
        violations.push(`payment ${p.id} of cart ${c.id} names an unknown gateway order ${p.data?.order_no}`)

  const bookStates: Record<string, number> = {}
  for (const b of bookRows) {
    // A row closed as never paid whose order the gateway did authorise: voided by the provider when
    // Medusa deleted its session (the books cannot see that cancel), counted apart.
    const paid = sandbox.inspect.order(b.order_no)?.history.some((h) => h.to === "authorised" || h.to === "paid")
    tally(
      bookStates,
      b.settlement ? `${b.state}:${b.settlement}` : b.state === "closed" && paid ? "closed:was_paid" : b.state,
    )
  }
  const placed = new Set(links.map((l) => l.cart_id as string))
  return {
    violations,
    gatewayOutcomes,
    bookStates,
    placed,
    paidGateway: [...orderNos].filter((n) => PAID_STATES.has(sandbox.inspect.order(n)?.state ?? "")).length,
  }
}

/** Run the chaos: checkouts under notification faults, settle, one reconciliation, the invariant. */
export async function runChaos(o: ChaosOptions): Promise<ChaosResult> {
  const started = Date.now()
  const log = o.log ?? (() => {})
  const parallel = o.parallel ?? 4
  const rngSeed = o.rngSeed ?? 26
  const faults = CHAOS_NOTIFICATION_FAULTS.map((f) => o.sandbox.faults.add(f as never))
  const firstNote = o.sandbox.notifications.list().length
  let doneCount = 0
  const outcomes = await pool(
    Array.from({ length: o.n }, (_, i) => i),
    parallel,
    async (i) => {
      const rnd = prng(rngSeed * 1_000_003 + i)
      const r = await play(o, i, pickScenario(rnd()), rnd)
      if (++doneCount % Math.max(1, Math.round(o.n / 10)) === 0) log(`chaos: ${doneCount}/${o.n} checkouts`)
      return r
    },
  )
  const tCheckouts = Date.now()
  const fired: Record<string, number> = {}
  for (const f of o.sandbox.faults.list()) tally(fired, `${f.kind}`, f.fired)
  for (const f of faults) o.sandbox.faults.clear(f.id)
  o.sandbox.faults.clear("notifications")
  await o.sandbox.notifications.settle(120_000)
  // Completions and notifications the sandbox's last retries started are over.
  await sleep(500)
  const tSettle = Date.now()

  const ordered = new Set(
    (
      await graphChunks(
        o.container,
        "order_cart",
        ["cart_id"],
        "cart_id",
        outcomes.map((x) => x.cart_id).filter(Boolean),
      )
    ).map((l) => l.cart_id as string),
  )
  const { data } = await o.api.post("/admin/acquiring/reconcile", {}, o.seed.admin)
  const changes = data.report.changes as Array<{ kind: string; detail?: string }>
  const tReconcile = Date.now()

  const check = await checkInvariant(o, outcomes)
  const shoppers: Record<string, number> = {}
  const scenarios: Record<string, number> = {}
  for (const x of outcomes) {
    tally(scenarios, x.scenario)
    const before = ordered.has(x.cart_id)
    const after = check.placed.has(x.cart_id)
    tally(
      shoppers,
      before
        ? "order_placed"
        : after
          ? "order_placed_by_reconciliation"
          : x.ended === "error"
            ? "error"
            : `no_order_${x.ended}`,
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
  for (const c of changes) tally(reconcileChanges, c.kind)
  const errors = outcomes.flatMap((x) => (x.error ? [x.error] : []))
  // A reconciliation error is a violation: the run could not settle what it found.
  const violations = [
    ...check.violations,
    ...changes.filter((c) => c.kind === "error").map((c) => `reconcile error: ${c.detail}`),
  ]
  const end = Date.now()
  const s = (a: number, b: number) => Math.round((b - a) / 100) / 10
  return {
    n: o.n,
    scenarios,
    shoppers,
    gateway_orders: check.gatewayOutcomes,
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
    line("shoppers", r.shoppers),
    line("gateway orders", r.gateway_orders),
    line("reconciliation", r.reconcile_changes),
    line("books", r.books_states),
    line("notifications", r.notifications),
    line("faults fired", r.faults_fired),
    `  shopper errors     ${r.shopper_errors.length}${r.shopper_errors.length ? `: ${r.shopper_errors.slice(0, 5).join(" | ")}` : ""}`,
    `  violations         ${r.violations.length}${r.violations.length ? `\n    ${r.violations.slice(0, 30).join("\n    ")}` : ""}`,
  ].join("\n")
}
