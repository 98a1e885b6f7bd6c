import type { Sandbox } from "../index"
import {
  SALE,
  call,
  checkoutPayload,
  createCheckout,
  followLoadingPage,
  formAction,
  payInBrowser,
  sandboxSuite,
  submit,
  waitFor,
  type Receiver,
} from "./helpers"

/** Saved cards (docs/sandbox.md): issue on token_flag YES, pay with token_id, refuse unknown or revoked tokens. */
let sb: Sandbox
let receiver: Receiver
sandboxSuite({ seed: 5 }, (s) => ({ sb, receiver } = s))

const retrieve = async (transaction_id: string) =>
  (await call(sb, "retrievalTrans", { merchant_id: "1000001", account_id: "100000101", trades: transaction_id })).body
    .orders_list[0]
const admin = async (path: string, body?: unknown) => {
  const res = await fetch(`${sb.url}/__sandbox/${path}`, {
    method: body ? "POST" : "GET",
    headers: { "content-type": "application/json" },
    body: body ? JSON.stringify(body) : undefined,
  })
  return { status: res.status, body: (await res.json()) as any }
}

describe("sandbox saved cards", () => {
  it("token_flag YES and a paid card issue a token, in the record and the notification; NO issues none", async () => {
    const first = await payInBrowser(sb, "4111 1111 1111 1111", {
      extra: { token_flag: "YES", notify_url: receiver.url },
    })
    expect(first.after.state).toBe("authorised")
    const record = await retrieve(first.transaction_id)
    expect(record).toMatchObject({ card_brand: "visa", card_last4: "1111", card_expiry: "12/39" })
    expect(record.token_id).toMatch(/^tk[0-9a-f]{30}$/)
    await waitFor(() => receiver.received.some((r) => r.body.transaction_id === first.transaction_id))
    const note = receiver.received.find((r) => r.body.transaction_id === first.transaction_id)!
    expect(note.body.token_id).toBe(record.token_id)

    // The same card again: the same token. token_flag NO: nothing.
    const again = await payInBrowser(sb, "4111111111111111", { extra: { token_flag: "YES" } })
    expect((await retrieve(again.transaction_id)).token_id).toBe(record.token_id)
    const without = await payInBrowser(sb, "4111111111111111", { extra: { token_flag: "NO" } })
    expect(await retrieve(without.transaction_id)).not.toHaveProperty("token_id")
    // A declined card issues nothing.
    const declined = await payInBrowser(sb, "4000000000000002", { extra: { token_flag: "YES" } })
    expect(declined.after.state).toBe("declined")
    expect(await retrieve(declined.transaction_id)).not.toHaveProperty("token_id")
    // The listing shows no card number, ever.
    expect(JSON.stringify((await admin("tokens")).body)).not.toContain("4111111111111111")
  })

  it("token_id pays on a page that asks only the CVV; 3-D Secure as the card would", async () => {
    const saved = await payInBrowser(sb, "4000000000003220", { extra: { token_flag: "YES" } })
    expect(saved.challenge).toBeDefined()
    const token_id = (await retrieve(saved.transaction_id)).token_id as string
    expect(token_id).toBeTruthy()

    const c = await createCheckout(sb, { token_id })
    const page = await followLoadingPage(c.page)
    expect(page.text).not.toMatch(/name="card_number"/)
    expect(page.text).toContain("•••• 3220")
    const noCvv = await submit(formAction(page.text), { action: "pay" })
    expect(noCvv.status).toBe(422)
    expect(noCvv.text).toContain("security code")
    const challenge = await submit(formAction(page.text), { cvv: "123", action: "pay" })
    expect(challenge.text).toContain("3-D Secure")
    const done = await submit(formAction(challenge.text), { code: "1234" })
    expect(done.status).toBe(303)
    const order = sb.inspect.order({ transaction_id: c.transaction_id })!
    expect(order).toMatchObject({ state: "authorised", card_last4: "3220", is3ds: "1" })
    // The shopper handle pays a token order too (the card number it would type is ignored).
    const viaHandle = await createCheckout(sb, { token_id })
    expect(sb.shopper.pay(viaHandle.transaction_id).state).toBe("authorised")
  })

  it("an unknown or revoked token is refused I0080 at checkout; nothing is created", async () => {
    const unknown = await call(sb, "checkout", checkoutPayload({ token_id: "tk000000000000000000000000000000" }))
    expect(unknown.status).toBe(400)
    expect(unknown.body).toMatchObject({ code: "I0080", source: "token_id" })

    const saved = await payInBrowser(sb, "5555555555554444", { extra: { token_flag: "YES" }, account: SALE })
    const token_id = (
      await call(sb, "retrievalTrans", { merchant_id: "1000001", account_id: SALE, trades: saved.transaction_id })
    ).body.orders_list[0].token_id as string
    expect((await admin("tokens/revoke", { token_id })).body).toMatchObject({ token_id, brand: "mastercard" })
    const payload = checkoutPayload({ token_id })
    const revoked = await call(sb, "checkout", payload)
    expect(revoked.status).toBe(400)
    expect(revoked.body.code).toBe("I0080")
    expect(sb.inspect.order({ order_no: String(payload.order_no) })).toBeUndefined()
    expect((await admin("tokens/revoke", { token_id: "nope" })).status).toBe(404)
    // A new payment with the same card after revocation gets a new token.
    const fresh = await payInBrowser(sb, "5555555555554444", { extra: { token_flag: "YES" } })
    expect((await retrieve(fresh.transaction_id)).token_id).not.toBe(token_id)
  })
})
