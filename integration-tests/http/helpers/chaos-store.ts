/**
 * One chaos shopper's storefront: its cart through the Store API, its payment sessions, the sandbox's
 * pages in the browser's stead, and the return page's completion. The admin's calls the moves make
 * (capture, cancel) are here too, answered whatever their status.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import type { Sandbox } from "../../../src/sandbox"
import type { Api } from "../../../scripts/demo/store-seed"
import { BILLING_ADDRESS, PROVIDERS, SHIPPING_ADDRESS, type Seed } from "./acquiring-seed"
import { DEVICE } from "./acquiring-store"
import { formOf, getPage, payOnHostedPage, postForm, type HostedForm } from "./browser"
import type { ChaosSeed } from "./chaos-seed"

export const CARDS = { approve: "4111111111111111", decline: "4000000000000002" } as const

/** What every move reaches: the app over HTTP, its container (Query), the sandbox and the seeds. */
export interface ChaosContext {
  api: Api
  seed: Seed
  chaos: ChaosSeed
  sandbox: Sandbox
  container: MedusaContainer
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
export const errorOf = (e: unknown) => {
  const r = (e as { response?: { status?: number; data?: { message?: string } } })?.response
  return r
    ? `${r.status} ${String(r.data?.message ?? "").slice(0, 160)}`
    : String((e as Error)?.message ?? e).slice(0, 160)
}
/** The HTTP status of a failed call, if it got an answer. */
export const statusOf = (e: unknown) => (e as { response?: { status?: number } })?.response?.status

export type Method = "hosted" | "apm"
export interface Opened {
  session_id: string
  order_no: string
  method: Method
  form?: HostedForm
  issuer_url?: string
}

export interface CartSpec {
  region_id: string
  shipping_option_id: string
  address: typeof SHIPPING_ADDRESS
  items: Array<{ variant_id: string; quantity: number }>
}

/** An admin call answered whatever its status (a refusal is an outcome, not a crash). */
export async function adminCall(
  c: ChaosContext,
  url: string,
  body: unknown = {},
): Promise<{ status: number; data: any }> {
  try {
    return await c.api.post(url, body, c.seed.admin)
  } catch (e) {
    const r = (e as { response?: { status: number; data: any } }).response
    if (!r) throw e
    return r
  }
}

/** One shopper's Store API and pages. */
export class Shopper {
  cartId = ""
  collectionId = ""
  readonly orderNos: string[] = []
  constructor(
    private readonly c: ChaosContext,
    readonly rnd: () => number,
    private readonly i: number | string,
  ) {}

  private get h() {
    return this.c.seed.store
  }

  method(): Method {
    return this.rnd() < 0.6 ? "hosted" : "apm"
  }

  async cart(spec: Partial<CartSpec> = {}): Promise<void> {
    const { api, seed } = this.c
    const { data } = await api.post(
      "/store/carts?fields=id",
      {
        region_id: spec.region_id ?? seed.region_id,
        email: `chaos-${this.i}-${Math.random().toString(36).slice(2, 8)}@shop.test`,
        items: spec.items ?? [{ variant_id: seed.variants.mug, quantity: 1 + Math.floor(this.rnd() * 2) }],
        shipping_address: spec.address ?? SHIPPING_ADDRESS,
        billing_address: spec.address ? { ...BILLING_ADDRESS, ...spec.address } : BILLING_ADDRESS,
      },
      this.h,
    )
    this.cartId = data.cart.id
    await api.post(
      `/store/carts/${this.cartId}/shipping-methods?fields=id`,
      { option_id: spec.shipping_option_id ?? seed.shipping_option_id },
      this.h,
    )
  }

  /** POST /store/payment-collections: the cart's collection (answered again, not created again). */
  async collection(): Promise<string> {
    if (!this.collectionId)
      this.collectionId = (
        await this.c.api.post("/store/payment-collections?fields=id", { cart_id: this.cartId }, this.h)
      ).data.payment_collection.id
    return this.collectionId
  }

  /** POST …/payment-sessions, as the js-sdk's initiatePaymentSession does. */
  async open(method: Method): Promise<Opened> {
    const { api } = this.c
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
      await this.c.api.post(
        `/store/carts/${this.cartId}/line-items?fields=id`,
        { variant_id: this.c.seed.variants.tee, quantity: 1 },
        this.h,
      )
      return true
    } catch {
      return false // the cart was completed meanwhile (its notification came first)
    }
  }

  /** POST /store/carts/:id/taxes: what a storefront calls where the region's taxes are not automatic. */
  async taxes(): Promise<boolean> {
    try {
      await this.c.api.post(`/store/carts/${this.cartId}/taxes?fields=id`, {}, this.h)
      return true
    } catch {
      return false // the cart was completed meanwhile
    }
  }

  /** POST /store/carts/:id with nothing to change: Medusa refreshes the cart and its payment collection. */
  async touch(): Promise<void> {
    await this.c.api.post(`/store/carts/${this.cartId}?fields=id`, {}, this.h)
  }

  async orderOfCart(): Promise<string | undefined> {
    const query = this.c.container.resolve("query")
    const { data } = await query.graph({
      entity: "order_cart",
      fields: ["order_id"],
      filters: { cart_id: this.cartId },
    })
    return (data[0] as { order_id?: string } | undefined)?.order_id
  }

  /** One completion, with what it answered: the order, or the refusal's status and message. */
  async completeOnce(): Promise<{ order_id?: string; status: number; message?: string }> {
    try {
      const { data, status } = await this.c.api.post(`/store/carts/${this.cartId}/complete`, {}, this.h)
      return data.type === "order" ? { order_id: data.order.id, status } : { status, message: data.error?.message }
    } catch (e) {
      const r = (e as { response?: { status: number; data?: { message?: string } } }).response
      if (!r) throw e
      return { status: r.status, message: r.data?.message }
    }
  }

  /** The return page's completion, asked again a few times (409 while the notification completes it). */
  async complete(tries = 4): Promise<string | undefined> {
    for (let attempt = 0; attempt < tries; attempt++) {
      const done = await this.completeOnce().catch(() => undefined)
      if (done?.order_id) return done.order_id
      const existing = await this.orderOfCart()
      if (existing) return existing
      await sleep(150 * (attempt + 1))
    }
    return this.orderOfCart()
  }
}

/** What a script ends with: the shopper's belief, the other carts it drove, what it saw on the way. */
export interface MoveResult {
  ended: string
  /** Other shoppers the script played (the second cart of a race, a second tab, a stranger). */
  others?: Array<{ shopper: Shopper; ended: string }>
}
/** Counts what a move saw (an answer's status, which race won), for the report. */
export type Note = (what: string) => void

/** One played script, as the invariant and the report read it. */
export interface ShopperOutcome {
  scenario: string
  i: number
  /** Every cart the script drove (its own first). */
  cart_ids: string[]
  /** Every gateway order number a session answer showed the script. */
  order_nos: string[]
  /** What the shopper of each cart believes, by cart id. */
  ended: Record<string, string>
  error?: string
  ms: number
}
