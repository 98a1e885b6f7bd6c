import {
  addCard,
  cardFromRecord,
  cardsOf,
  openToken,
  parseExpiry,
  publicCard,
  SAVED_CARDS_DEFAULTS,
  SavedCardsOptions,
  sealToken,
} from "../../../lib/acquiring/saved-cards"
import { AccountHolders } from "../core/account-holders"
import { PaymentModuleReads } from "../core/payment-module-reads"
import { authoriseRequest, checkoutRequest, type RequestContext } from "../mappers/payment-request"
import { withoutToken } from "../services/hosted"
import { parseAcquiringOptions } from "../../../lib/acquiring/options"
import { PROVIDER_TEST_OPTIONS } from "./helpers"

const KEY = Buffer.alloc(32, 7)
const TOKEN = "tkabcdef0123456789abcdef01234567"
const card = { token_id: TOKEN, brand: "visa", last4: "1111", exp_month: 12, exp_year: 2029 }

describe("saved cards: domain", () => {
  it("seals the token (never stored in clear) and opens it only with the same key", () => {
    const sealed = sealToken(KEY, TOKEN)
    expect(sealed).not.toContain(TOKEN)
    expect(openToken(KEY, sealed)).toBe(TOKEN)
    expect(openToken(Buffer.alloc(32, 8), sealed)).toBeNull()
    // A changed ciphertext fails the GCM tag.
    const [v, iv, ct, tag] = sealed.split(".")
    const flipped = (ct[0] === "A" ? "Q" : "A") + ct.slice(1)
    expect(openToken(KEY, [v, iv, flipped, tag].join("."))).toBeNull()
  })

  it("adds a card once: same token or same card (fingerprint) keeps one entry; a new token replaces the old", () => {
    const first = addCard([], card, new Date("2026-01-01T00:00:00Z"), KEY)
    expect(first).toMatchObject({ added: true, changed: true })
    expect(first.card.id).toMatch(/^acqcard_[0-9a-f]{24}$/)
    expect(JSON.stringify(first.cards)).not.toContain(TOKEN)
    expect(addCard(first.cards, card, new Date(), KEY)).toMatchObject({ added: false, changed: false })
    const retokenised = addCard(first.cards, { ...card, token_id: "tknew" }, new Date(), KEY)
    expect(retokenised).toMatchObject({ added: false, changed: true })
    expect(retokenised.cards).toHaveLength(1)
    expect(openToken(KEY, retokenised.cards[0].token_sealed)).toBe("tknew")
    const other = addCard(first.cards, { ...card, token_id: "tk2", last4: "4444" }, new Date(), KEY)
    expect(other.cards).toHaveLength(2)
    expect(publicCard(first.card)).toEqual({
      id: first.card.id,
      brand: "visa",
      last4: "1111",
      exp_month: 12,
      exp_year: 2029,
      created_at: "2026-01-01T00:00:00.000Z",
    })
    // A malformed stored card is dropped, not fatal.
    expect(cardsOf({ cards: [first.card, { id: "x" }] })).toEqual([first.card])
  })

  it("reads the token and card from the record under the configured names", () => {
    const record = { token_id: TOKEN, card_brand: "visa", card_last4: "1111", card_expiry: "12/29" }
    expect(cardFromRecord(record, SAVED_CARDS_DEFAULTS)).toEqual(card)
    expect(cardFromRecord({ ...record, token_id: "" }, SAVED_CARDS_DEFAULTS)).toBeNull()
    const named = SavedCardsOptions.parse({ token_field: "card_token", card_fields: { expiry: "exp" } })
    expect(cardFromRecord({ ...record, card_token: "tk9", exp: "122029" }, named)).toMatchObject({
      token_id: "tk9",
      exp_year: 2029,
    })
    expect(parseExpiry("13/29")).toBeNull()
    expect(parseExpiry("07/2031")).toEqual({ exp_month: 7, exp_year: 2031 })
  })

  it("is a provider option with documented defaults; an unknown key is refused naming it", () => {
    const o = parseAcquiringOptions(PROVIDER_TEST_OPTIONS).provider.saved_cards
    expect(o).toEqual({
      enabled: true,
      token_field: "token_id",
      card_fields: { brand: "card_brand", last4: "card_last4", expiry: "card_expiry" },
    })
    expect(() => parseAcquiringOptions({ ...PROVIDER_TEST_OPTIONS, saved_cards: { token: "x" } })).toThrow(
      /saved_cards/,
    )
  })
})

describe("saved cards: requests", () => {
  const ctx = {
    order_no: "payses01",
    currency: "EUR",
    amount: "10.00",
    notify_url: "https://api.shop.example/hooks/acquiring/notify",
    own: parseAcquiringOptions(PROVIDER_TEST_OPTIONS).provider,
    now: 0,
  } as RequestContext
  it("checkout: token_flag NO by default, YES on opt-in, token_id for a saved card; authorise never carries them", () => {
    expect(checkoutRequest(null, ctx)).toMatchObject({ token_flag: "NO" })
    expect(checkoutRequest(null, ctx)).not.toHaveProperty("token_id")
    expect(checkoutRequest(null, { ...ctx, token_flag: "YES" })).toMatchObject({ token_flag: "YES" })
    expect(checkoutRequest(null, { ...ctx, token_flag: "NO", token_id: TOKEN })).toMatchObject({ token_id: TOKEN })
    const apm = authoriseRequest(null, { ...ctx, token_flag: "YES", token_id: TOKEN, payment_method: "wallet" })
    expect(apm).not.toHaveProperty("token_flag")
    expect(apm).not.toHaveProperty("token_id")
  })
  it("the hosted page's form handed to the storefront loses every echo of the token", () => {
    const fields = { gbc_id: "g1", token: TOKEN, paymentToken: TOKEN, allParams: `a=1&token_id=${TOKEN}&b=2`, x: "y" }
    expect(withoutToken(fields, TOKEN)).toEqual({ gbc_id: "g1", allParams: "a=1&b=2", x: "y" })
    expect(withoutToken(fields, undefined)).toBe(fields)
  })
})

describe("saved cards: who may use a card", () => {
  const holderRow = (cards: unknown[]) => ({ id: "acchld_1", data: { shopper_id: "cus_1", cards } })
  const saved = addCard([], card, new Date(), KEY).cards
  const holders = (rows: Record<string, ReturnType<typeof holderRow>>) => {
    const updates: unknown[] = []
    const service = {
      retrieve: async (id: string) => {
        if (!rows[id]) throw new Error("not found")
        return rows[id]
      },
      update: async (u: unknown) => void updates.push(u),
    }
    const logger = { info: jest.fn(), warn: jest.fn() } as never
    return {
      h: new AccountHolders(
        new PaymentModuleReads({ accountHolderService: service }),
        logger,
        SAVED_CARDS_DEFAULTS,
        KEY,
      ),
      updates,
    }
  }
  const snap = (extra: Record<string, unknown>) => extra as never
  const ctxOf = (customer?: string, holder?: string) =>
    ({
      customer: customer ? { id: customer } : undefined,
      account_holder: holder ? { id: holder, data: {} } : undefined,
    }) as never

  it("a logged-in customer's opt-in asks for a token; a guest's is ignored", async () => {
    const { h } = holders({ acchld_1: holderRow([]) })
    expect(await h.checkoutTokens(snap({ save_card: true }), ctxOf("cus_1", "acchld_1"), "hosted")).toEqual({
      token_flag: "YES",
      session: { customer_id: "cus_1", holder_id: "acchld_1", save: true },
    })
    expect(await h.checkoutTokens(snap({ save_card: true }), ctxOf(), "hosted")).toEqual({})
    expect(await h.checkoutTokens(snap({ save_card: true }), ctxOf("cus_1", "acchld_1"), "apm")).toEqual({})
  })

  it("a saved card of this customer gives its token; another's or a guest's is a 403", async () => {
    const { h } = holders({ acchld_1: holderRow(saved), acchld_2: holderRow([]) })
    const id = saved[0].id
    const own = await h.checkoutTokens(snap({ payment_method_id: id }), ctxOf("cus_1", "acchld_1"), "hosted")
    expect(own).toMatchObject({ token_id: TOKEN, session: { card_id: id, save: false } })
    await expect(
      h.checkoutTokens(snap({ payment_method_id: id }), ctxOf("cus_2", "acchld_2"), "hosted"),
    ).rejects.toMatchObject({
      type: "forbidden",
      message: "data.payment_method_id is not a saved card of this customer",
    })
    await expect(h.checkoutTokens(snap({ payment_method_id: id }), ctxOf(), "hosted")).rejects.toMatchObject({
      type: "forbidden",
    })
  })

  it("saves only after authorisation, from the record; a guest session saves nothing", async () => {
    const { h, updates } = holders({ acchld_1: holderRow([]) })
    const record = { token_id: TOKEN, card_brand: "visa", card_last4: "1111", card_expiry: "12/29" } as never
    await h.afterAuthorised({ order_no: "o1" } as never, record)
    expect(updates).toEqual([])
    const data = { order_no: "o1", saved_card: { customer_id: "cus_1", holder_id: "acchld_1", save: true } } as never
    await h.afterAuthorised(data, record)
    expect(updates).toHaveLength(1)
    expect(JSON.stringify(updates)).not.toContain(TOKEN)
  })

  it("update keeps the row's cards when no data is given, and checks them when it is", async () => {
    const { h } = holders({})
    expect(await h.update({ context: { account_holder: { id: "acchld_1" } } } as never)).toEqual({})
    const given = { shopper_id: "cus_1", cards: [...saved, { id: "bad" }] }
    expect(await h.update({ context: { account_holder: { id: "acchld_1", data: given } } } as never)).toEqual({
      data: { shopper_id: "cus_1", cards: saved },
    })
  })

  it("delete, list and retrieve: what Medusa passes in; the list never holds the token", async () => {
    const { h, updates } = holders({ acchld_1: holderRow(saved) })
    const listed = await h.listMethods({
      context: { account_holder: { id: "acchld_1", data: holderRow(saved).data } },
    } as never)
    expect(listed).toEqual([{ id: saved[0].id, data: publicCard(saved[0]) }])
    expect(JSON.stringify(listed)).not.toContain("token")
    await h.deleteMethod({ data: { id: saved[0].id }, context: { account_holder: { id: "acchld_1" } } } as never)
    expect(updates).toEqual([{ id: "acchld_1", data: { shopper_id: "cus_1", cards: [] } }])
    expect(await h.delete({ context: { account_holder: holderRow(saved) } } as never)).toEqual({})
  })
})
