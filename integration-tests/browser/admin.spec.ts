import { AdminApi } from "./helpers/admin"
import { newPerson, useMerchant } from "./helpers/chromium"
import { useDemoStack } from "./helpers/demo-stack"
import {
  confirmedOrderId,
  enterCard,
  fillCartAndAddress,
  pay,
  registerAndSaveCard,
  screenshot,
} from "./helpers/shopper"

/**
 * The plugin's admin extensions in the real Medusa dashboard (served from source by Vite, as
 * `npm run demo` serves it), driven by a merchant in Debian's Chromium: the order widget with
 * a payment held for review, the settings page, the payouts pages, bulk capture and the customer's
 * saved cards.
 */
jest.setTimeout(600_000)

const REVIEW_CARD = "4000000000009235"
const CARD = "4111111111111111"
const IBAN = "DE89370400440532013000"

const stack = useDemoStack({ adminUi: true })
const merchant = useMerchant(stack)
let admin: AdminApi
beforeAll(() => {
  admin = new AdminApi(stack.backendUrl, stack.admin)
})

/** A shopper pays on the hosted page with `card`; returns the order the storefront confirms. */
async function placeOrder(card: string): Promise<string> {
  const shopper = await newPerson()
  try {
    await fillCartAndAddress(shopper.page, stack.storefrontUrl)
    await pay(shopper.page, "card-redirect")
    await enterCard(shopper.page, card)
    return await confirmedOrderId(shopper.page)
  } finally {
    await shopper.close()
  }
}

/** Requests the gateway has received on `path` so far. */
const requestsTo = (path: string) => stack.sandbox.inspect.requests().filter((r) => r.path === path).length

it("order page: the widget shows the gateway's view, and the merchant accepts a payment held for review", async () => {
  const before = new Set(stack.sandbox.inspect.orders().map((o) => o.order_no))
  const orderId = await placeOrder(REVIEW_CARD)
  const held = stack.sandbox.inspect.orders().filter((o) => !before.has(o.order_no))
  expect(held.map((o) => o.state)).toEqual(["review"])
  const { page } = merchant
  await page.goto(`${stack.adminUrl}/orders/${orderId}`)
  // The widget's box: its heading sits, beside the TEST badge, in the header row of the container.
  const widget = page.getByRole("heading", { name: "Acquiring gateway" }).locator("xpath=../../..")
  await widget.getByRole("heading", { name: "Held for review" }).waitFor()
  await widget.getByText("Velocity check").waitFor() // the gateway's fraud checks
  await screenshot(page, "admin-order-held-for-review")

  await widget.getByRole("button", { name: "Accept" }).click()
  await page.getByText("Review: accepted").first().waitFor()
  await widget.getByText(/^Review accepted/).waitFor()
  await widget.getByRole("heading", { name: "Held for review" }).waitFor({ state: "detached" })
  await widget.getByText(held[0].order_no).waitFor()
  await screenshot(page, "admin-order-review-accepted")

  // The decision reached the gateway, and Medusa holds the authorized payment.
  expect(stack.sandbox.inspect.order({ order_no: held[0].order_no })!.state).toBe("authorised")
  const order = await admin.order(orderId)
  expect(order.payment_collections[0].payments).toHaveLength(1)
  expect(order.payment_collections[0].status).toBe("authorized")
  expect(merchant.problems).toEqual([])
})

it("settings page: the configured account passes the credentials check, and a sync runs", async () => {
  const { page } = merchant
  await page.goto(`${stack.adminUrl}/settings/acquiring`)
  await page.getByRole("heading", { name: "Acquiring gateway" }).waitFor()
  // The accounts and the gateway address are shown, never a sign key.
  await page.getByRole("cell", { name: "100000101", exact: true }).waitFor()
  expect(await page.content()).not.toContain("sandbox-key-1")
  const checksBefore = requestsTo("/v1/retrievalTrans")
  await page.getByRole("button", { name: "Test credentials" }).click()
  await page.getByText(/^accepted \(\d+ ms\)$/).waitFor()
  expect(requestsTo("/v1/retrievalTrans")).toBeGreaterThan(checksBefore)
  await screenshot(page, "admin-settings-credentials")

  await page.getByRole("button", { name: "Sync now" }).click()
  await page.getByText("Reconciliation done").waitFor()
  expect(merchant.problems).toEqual([])
})

it("payouts: the form names a missing field, then sends the payout; list and detail show only the account's last 4", async () => {
  const { page } = merchant
  await page.goto(`${stack.adminUrl}/payouts`)
  await page.getByRole("heading", { name: "Payouts" }).waitFor()
  const sentBefore = stack.sandbox.inspect.payouts().length
  await page.getByRole("button", { name: "Create payout" }).click()
  await page.getByRole("button", { name: "Send payout" }).click()
  await page.getByText("Fix the highlighted fields.").waitFor()
  expect(await page.locator("#payout-payment_amount").getAttribute("aria-invalid")).toBe("true")
  expect(stack.sandbox.inspect.payouts()).toHaveLength(sentBefore) // nothing left the browser

  const fields: Record<string, string> = {
    payment_amount: "120.00",
    payment_currency: "EUR",
    reference: "INV-2026-11",
    entity_type: "INDIVIDUAL",
    first_name: "Ada",
    last_name: "Lovelace",
    country_code: "DE",
    iban: IBAN,
    swift_code: "COBADEFFXXX",
    bank_name: "Commerzbank",
    account_currency: "EUR",
  }
  for (const [key, value] of Object.entries(fields)) await page.fill(`#payout-${key}`, value)
  await screenshot(page, "admin-payout-form")
  await page.getByRole("button", { name: "Send payout" }).click()
  // The form goes to the new payout's page.
  await page.waitForURL((u) => /\/payouts\/pout_/.test(u.pathname))
  await page.getByRole("heading", { name: /120[.,]00/ }).waitFor()
  await page.getByText("••••3000").first().waitFor()
  const sent = stack.sandbox.inspect.payouts()
  expect(sent).toHaveLength(sentBefore + 1)
  expect(sent.at(-1)).toMatchObject({ payment_amount: "120.00", reference: "INV-2026-11" })
  await screenshot(page, "admin-payout-detail")

  await page.goto(`${stack.adminUrl}/payouts`)
  const row = page.getByRole("row", { name: /INV-2026-11/ })
  await row.waitFor()
  expect(await row.textContent()).toContain("Ada Lovelace")
  expect(await page.content()).not.toContain(IBAN)
  await screenshot(page, "admin-payouts-list")
  expect(merchant.problems).toEqual([])
  // The dialog names itself to screen readers (Radix logs "requires a `DialogTitle`" otherwise).
  expect(merchant.consoleErrors.filter((m) => /requires a `\w*Title`/.test(m))).toEqual([])
})

it("awaiting capture: the merchant selects two orders and captures them in one gateway request", async () => {
  const ids = [await placeOrder(CARD), await placeOrder(CARD)]
  const orders = await Promise.all(ids.map((id) => admin.order(id)))
  const { page } = merchant
  await page.goto(`${stack.adminUrl}/acquiring/awaiting-capture`)
  await page.getByRole("heading", { name: "Awaiting capture" }).waitFor()
  for (const o of orders) await page.getByRole("checkbox", { name: `Select order ${o.display_id}` }).click()
  await screenshot(page, "admin-awaiting-capture-selected")
  const before = requestsTo("/v1/capture")
  await page.getByRole("button", { name: "Capture selected (2)" }).click()
  await page.getByText("Last capture: 2 captured (1 gateway request)").waitFor()
  // The captured orders leave the list; nothing else was captured.
  for (const o of orders)
    await page.getByRole("checkbox", { name: `Select order ${o.display_id}` }).waitFor({ state: "detached" })
  await screenshot(page, "admin-awaiting-capture-done")
  expect(requestsTo("/v1/capture")).toBe(before + 1)

  for (const id of ids) {
    const order = await admin.order(id)
    const payment = order.payment_collections[0].payments[0]
    expect(payment.captured_at).not.toBeNull()
    expect(stack.sandbox.inspect.order({ order_no: String(payment.data.order_no) })!.state).toBe("paid")
  }
  expect(merchant.problems).toEqual([])
})

// The Saved cards widget (#18): a customer saves a card in the demo storefront; the merchant sees it masked and deletes it.
it("customer page: the widget lists the saved card masked and deletes it after the confirmation", async () => {
  const email = `admin-view-${Date.now().toString(36)}@shop.test`
  await registerAndSaveCard(stack, email)
  const customer = await admin.customerByEmail(email)
  expect(customer).toBeTruthy()

  const { page } = merchant
  await page.goto(`${stack.adminUrl}/customers/${customer!.id}`)
  const widget = page.getByRole("heading", { name: "Saved cards" }).locator("xpath=../..")
  await widget.getByText("Visa •••• 1111").waitFor()
  const yy = String(new Date().getUTCFullYear() + 3).slice(-2)
  await widget.getByText(new RegExp(`^Expires 12/${yy}`)).waitFor()
  await widget.scrollIntoViewIfNeeded() // the dashboard scrolls inside its own pane
  await screenshot(page, "admin-customer-saved-cards")

  await widget.getByRole("button", { name: "Delete" }).click()
  const dialog = page.getByRole("alertdialog")
  await dialog.getByText("Delete this saved card?").waitFor()
  await dialog.getByRole("button", { name: "Delete" }).click()
  await widget.getByText("No saved cards.").waitFor()
  await widget.scrollIntoViewIfNeeded()
  await screenshot(page, "admin-customer-saved-card-deleted")
  expect(await admin.savedCards(customer!.id)).toEqual([])
  expect(merchant.problems).toEqual([])
})
