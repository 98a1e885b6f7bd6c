import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { advisoryLocking, type SqlConnection } from "../../src/lib/acquiring/advisory-lock"
import { holderLockKey } from "../../src/lib/acquiring/holder-lock"
import { useAcquiringEnv } from "./helpers/acquiring-env"
import { acquiringTestRunner } from "./helpers/acquiring-suite"
import { PROVIDERS, type Seed } from "./helpers/acquiring-seed"
import { cartWithShipping, completeCart, DEVICE, startSession } from "./helpers/acquiring-store"
import { formOf, payOnHostedPage, postForm } from "./helpers/browser"
import { captureProcessOutput } from "./helpers/log-capture"

jest.setTimeout(300_000)

/**
 * Saved cards (#18) on a real Medusa app against the sandbox over HTTP: save at checkout (logged-in
 * customers only), pay again with the saved card, list and delete it, and what another customer,
 * a guest, a revoked token and a deleted account holder can and cannot do.
 */
const logs = captureProcessOutput()
afterAll(() => logs.restore())
const env = useAcquiringEnv()
const CARD = "4111111111111111"
const PASSWORD = "saved-cards-pass-1"
const RETURN = "http://shop.test/checkout/return"

acquiringTestRunner(
  ({ api, getContainer, seed }) => {
    let seq = 0
    /** Any answer, whatever its status (errors are asserted). */
    const call = (p: Promise<{ data: any; status: number }>) =>
      p.then(
        (r) => ({ status: r.status, data: r.data }),
        (e) => ({ status: e.response?.status as number, data: e.response?.data }),
      )
    /** Every store answer of a test, to prove no token is ever in one. */
    const storeAnswers: unknown[] = []
    const seen = <T extends { data: unknown }>(r: T) => (storeAnswers.push(r.data), r)

    /** Register and log in a customer as a storefront does; returns the store config with the bearer. */
    const customer = async () => {
      const email = `saver-${Date.now().toString(36)}-${++seq}@shop.test`
      const reg = await api.post("/auth/customer/emailpass/register", { email, password: PASSWORD })
      const asNew = { headers: { ...seed.store.headers, authorization: `Bearer ${reg.data.token}` } }
      await api.post("/store/customers", { email, first_name: "Ada", last_name: "Saver" }, asNew)
      const login = await api.post("/auth/customer/emailpass", { email, password: PASSWORD })
      const store = { headers: { ...seed.store.headers, authorization: `Bearer ${login.data.token}` } }
      const me = (await api.get("/store/customers/me", store)).data.customer
      return { email, id: me.id as string, seed: { ...seed, store } as Seed }
    }
    const guest = () => ({ email: `guest-${++seq}@shop.test`, seed })

    const checkoutRequests = () =>
      env
        .sandbox()
        .inspect.requests()
        .filter((r) => r.path === "/v1/checkout")
    const checkoutOf = (orderNo: string) => checkoutRequests().find((r) => r.body?.order_no === orderNo)!

    /** Cart → session (with the given saved-card data) → hosted page paid with the card → order. */
    const checkout = async (who: { email: string; seed: Seed }, data: Record<string, unknown>) => {
      const cart = await cartWithShipping(api, who.seed, { email: who.email, promo: false })
      const { session } = await startSession(api, who.seed, cart.id, PROVIDERS.hosted, {
        device: DEVICE,
        return_url: RETURN,
        ...data,
      })
      storeAnswers.push(session)
      return { cart, session }
    }
    const payAndComplete = async (who: { seed: Seed }, cartId: string, form: any) => {
      const paid = await payOnHostedPage(form, { number: CARD })
      expect(paid.returnedTo).toContain(RETURN)
      const done = await completeCart(api, who.seed, cartId)
      storeAnswers.push(done)
      expect(done.type).toBe("order")
      return done
    }
    const savedCards = async (who: { seed: Seed }) =>
      seen(await call(api.get("/store/acquiring/saved-cards", who.seed.store)))
    const tokens = async () => (await (await fetch(`${env.sandbox().url}/__sandbox/tokens`)).json()) as any[]
    const holdersOf = async (customerId: string) => {
      const { data } = await getContainer()
        .resolve("query")
        .graph({ entity: "customer", fields: ["account_holders.*"], filters: { id: customerId } })
      return (data[0]?.account_holders ?? []) as Array<{ id: string; provider_id: string; data: any }>
    }
    /** A customer who paid once with "save card": the saved card and the sandbox's token. */
    const customerWithCard = async () => {
      const who = await customer()
      const { cart, session } = await checkout(who, { save_card: true })
      expect(checkoutOf(session.data.order_no).body).toMatchObject({ token_flag: "YES" })
      expect(checkoutOf(session.data.order_no).body).not.toHaveProperty("token_id")
      // Nothing is saved before the gateway confirms the payment.
      expect((await savedCards(who)).data.saved_cards).toEqual([])
      await payAndComplete(who, cart.id, session.data.form)
      const { data } = await savedCards(who)
      expect(data.saved_cards).toHaveLength(1)
      const token = (await tokens()).find((t) => t.last4 === "1111" && !t.revoked_at)!.token_id as string
      return { who, card: data.saved_cards[0], token }
    }

    it("save card: one saved card listed (brand, last 4, expiry), no token in any store answer; paying again uses it", async () => {
      const { who, card, token } = await customerWithCard()
      const year = new Date().getUTCFullYear() + 3
      expect(card).toEqual({
        id: expect.stringMatching(/^acqcard_[0-9a-f]{24}$/),
        brand: "visa",
        last4: "1111",
        exp_month: 12,
        exp_year: year,
        created_at: expect.any(String),
      })

      // The same card saved again is not listed twice.
      const again = await checkout(who, { save_card: true })
      await payAndComplete(who, again.cart.id, again.session.data.form)
      expect((await savedCards(who)).data.saved_cards.map((c: any) => c.id)).toEqual([card.id])

      // Pay with the saved card: token_id goes to the gateway; the page asks only the CVV.
      const { cart, session } = await checkout(who, { payment_method_id: card.id })
      const sent = checkoutOf(session.data.order_no).body!
      expect(sent).toMatchObject({ token_id: token, token_flag: "NO" })
      expect(JSON.stringify(session.data.form.fields)).not.toContain(token)
      const page = await postForm(session.data.form.action, session.data.form.fields)
      expect(page.html).not.toMatch(/name="card_number"/)
      expect(page.html).toContain("•••• 1111")
      const cvvForm = formOf(page.html, session.data.form.action)
      const back = await postForm(cvvForm.action, { cvv: "123", action: "pay" })
      expect(back.status).toBe(303)
      const done = await completeCart(api, who.seed, cart.id)
      storeAnswers.push(done)
      expect(done.type).toBe("order")
      expect(env.sandbox().inspect.order(session.data.order_no)).toMatchObject({ state: "authorised" })

      storeAnswers.push((await api.get(`/store/carts/${cart.id}`, who.seed.store)).data)
      storeAnswers.push((await api.get(`/store/orders/${done.order.id}`, who.seed.store)).data)
      for (const answer of storeAnswers) expect(JSON.stringify(answer)).not.toContain(token)
      // The token lives only in the account holder's data, sealed (Medusa copies the holder into each session's context).
      const [holder] = (await holdersOf(who.id)).filter((h) => h.provider_id === PROVIDERS.hosted)
      expect(holder.data.cards).toEqual([expect.objectContaining({ id: card.id, token_sealed: expect.any(String) })])
      expect(JSON.stringify(holder.data)).not.toContain(token)
    })

    it("a guest's save_card is ignored: token_flag NO, nothing saved", async () => {
      const g = guest()
      const { cart, session } = await checkout(g, { save_card: true })
      expect(checkoutOf(session.data.order_no).body).toMatchObject({ token_flag: "NO" })
      await payAndComplete(g, cart.id, session.data.form)
      expect(session.data).not.toHaveProperty("saved_card")
      // Without a logged-in customer the saved-cards routes answer 401.
      expect((await call(api.get("/store/acquiring/saved-cards", seed.store))).status).toBe(401)
    })

    it("another customer cannot list, use or delete the first one's card (403/404, nothing sent)", async () => {
      const { who, card } = await customerWithCard()
      const other = await customer()
      expect((await savedCards(other)).data.saved_cards).toEqual([])

      const before = checkoutRequests().length
      const cart = await cartWithShipping(api, other.seed, { email: other.email, promo: false })
      const collection = (await api.post("/store/payment-collections", { cart_id: cart.id }, other.seed.store)).data
        .payment_collection
      const used = await call(
        api.post(
          `/store/payment-collections/${collection.id}/payment-sessions`,
          { provider_id: PROVIDERS.hosted, data: { payment_method_id: card.id, return_url: RETURN } },
          other.seed.store,
        ),
      )
      expect(used.status).toBe(403)
      expect(used.data.message).toContain("not a saved card of this customer")
      // A guest cannot use it either.
      const guestCart = await cartWithShipping(api, seed, { email: "g@shop.test", promo: false })
      const guestCollection = (await api.post("/store/payment-collections", { cart_id: guestCart.id }, seed.store)).data
        .payment_collection
      const byGuest = await call(
        api.post(
          `/store/payment-collections/${guestCollection.id}/payment-sessions`,
          { provider_id: PROVIDERS.hosted, data: { payment_method_id: card.id } },
          seed.store,
        ),
      )
      expect(byGuest.status).toBe(403)
      expect(checkoutRequests().length).toBe(before)

      const deleted = await call(api.delete(`/store/acquiring/saved-cards/${card.id}`, other.seed.store))
      expect(deleted.status).toBe(404)
      expect((await savedCards(who)).data.saved_cards.map((c: any) => c.id)).toEqual([card.id])
      // A malformed id is a 400 naming the field.
      const bad = await call(api.delete("/store/acquiring/saved-cards/tk123", who.seed.store))
      expect(bad.status).toBe(400)
      expect(bad.data.message).toContain("id: must be a saved card id")

      // The owner deletes it: gone from the list and from the account holder.
      const own = await call(api.delete(`/store/acquiring/saved-cards/${card.id}`, who.seed.store))
      expect(own).toEqual({ status: 200, data: { id: card.id, object: "saved_card", deleted: true } })
      expect((await savedCards(who)).data.saved_cards).toEqual([])
    })

    it("a revoked token fails cleanly (nothing starts) and the card disappears from the list", async () => {
      const { who, card, token } = await customerWithCard()
      const revoked = await fetch(`${env.sandbox().url}/__sandbox/tokens/revoke`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ token_id: token }),
      })
      expect(revoked.status).toBe(200)
      const cart = await cartWithShipping(api, who.seed, { email: who.email, promo: false })
      const collection = (await api.post("/store/payment-collections", { cart_id: cart.id }, who.seed.store)).data
        .payment_collection
      const refused = seen(
        await call(
          api.post(
            `/store/payment-collections/${collection.id}/payment-sessions`,
            { provider_id: PROVIDERS.hosted, data: { payment_method_id: card.id, return_url: RETURN } },
            who.seed.store,
          ),
        ),
      )
      expect(refused.status).toBe(400)
      expect(refused.data.message).toBe(
        "The saved card can no longer be used and was removed from your saved cards; pay with the card's number.",
      )
      expect(JSON.stringify(refused.data)).not.toContain(token)
      expect((await savedCards(who)).data.saved_cards).toEqual([])
      // The shopper pays with the number instead, and may save it again (a new token).
      const retry = await checkout(who, { save_card: true })
      await payAndComplete(who, retry.cart.id, retry.session.data.form)
      const [again] = (await savedCards(who)).data.saved_cards
      expect(again.id).not.toBe(card.id)
    })

    it("admin: lists a customer's cards masked, deletes one; deleting the account holder deletes the tokens", async () => {
      const { who, card, token } = await customerWithCard()
      const list = await call(api.get(`/admin/acquiring/customers/${who.id}/saved-cards`, seed.admin))
      expect(list).toEqual({ status: 200, data: { saved_cards: [card] } })
      expect(JSON.stringify(list.data)).not.toContain(token)
      expect(
        (await call(api.get("/admin/acquiring/customers/cus_01NOPE0000000000000000000/saved-cards", seed.admin)))
          .status,
      ).toBe(404)
      const other = await customer()
      const wrong = await call(api.delete(`/admin/acquiring/customers/${other.id}/saved-cards/${card.id}`, seed.admin))
      expect(wrong.status).toBe(404)
      const gone = await call(api.delete(`/admin/acquiring/customers/${who.id}/saved-cards/${card.id}`, seed.admin))
      expect(gone.data).toEqual({ id: card.id, object: "saved_card", deleted: true })
      expect((await savedCards(who)).data.saved_cards).toEqual([])

      // Saved again, then the account holder is deleted through the payment module: the tokens go with it.
      const second = await checkout(who, { save_card: true })
      await payAndComplete(who, second.cart.id, second.session.data.form)
      expect((await savedCards(who)).data.saved_cards).toHaveLength(1)
      const payment = getContainer().resolve(Modules.PAYMENT)
      for (const h of await holdersOf(who.id)) await payment.deleteAccountHolder(h.id)
      expect((await savedCards(who)).data.saved_cards).toEqual([])
      expect(logs.text()).toMatch(/account holder \S+ deleted; 1 saved card token\(s\) forgotten/)
    })

    it("a holder's lock holds across processes: PostgreSQL's advisory lock over the module's connection", async () => {
      // Three lockings stand for three instances: each over a pool of its own (here a handle on the app's),
      // so only the database is shared.
      const db = getContainer().resolve<SqlConnection>(ContainerRegistrationKeys.PG_CONNECTION)
      const instance = () => advisoryLocking({ transaction: db.transaction.bind(db) })
      const [first, second, third] = [instance(), instance(), instance()]
      const key = holderLockKey(`acchld_spec_${Date.now()}`)
      const events: string[] = []
      let release!: () => void
      const held = new Promise<void>((r) => (release = r))
      let entered!: () => void
      const inside = new Promise<void>((r) => (entered = r))
      const one = first.execute(key, async () => {
        events.push("first in")
        entered()
        await held
        events.push("first out")
      })
      await inside
      await expect(third.execute(key, async () => "never", { timeout: 0.3 })).rejects.toThrow(/not free within 300 ms/)
      const two = second.execute(key, async () => void events.push("second in"), { timeout: 10 })
      await new Promise((r) => setTimeout(r, 300))
      expect(events).toEqual(["first in"])
      release()
      await Promise.all([one, two])
      expect(events).toEqual(["first in", "first out", "second in"])
    })

    it("log hygiene: no token, card number or e-mail in any log line of the saved-card flow", async () => {
      const { who, card, token } = await customerWithCard()
      const { cart, session } = await checkout(who, { payment_method_id: card.id })
      const page = await postForm(session.data.form.action, session.data.form.fields)
      await postForm(formOf(page.html, session.data.form.action).action, { cvv: "123", action: "pay" })
      await completeCart(api, who.seed, cart.id)
      await call(api.delete(`/store/acquiring/saved-cards/${card.id}`, who.seed.store))
      const text = logs.text()
      expect(text).toContain("saved for account holder")
      expect(text).toContain(`saved card ${card.id} removed`)
      for (const t of await tokens()) expect(text).not.toContain(t.token_id)
      expect(text).not.toContain(token)
      expect(text).not.toContain(CARD)
      expect(text).not.toMatch(/saver-[a-z0-9]+-\d+@shop\.test/)
      expect(text).not.toContain(who.email)
    })
  },
  // Every line from the seeding on is captured.
  { beforeSeed: (container) => logs.captureLogger(container) },
)
