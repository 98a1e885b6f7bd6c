import type { Page } from "playwright-core"
import { AdminApi } from "./helpers/admin"
import { usePersonPerTest } from "./helpers/chromium"
import { useDemoStack } from "./helpers/demo-stack"
import { confirmedOrderId, enterCard, screenshot } from "./helpers/shopper"

/**
 * Saved cards in the demo storefront (#18), in Chromium against the demo store: a customer
 * registers, pays with "Save this card" ticked, sees the card in the account (brand + last 4),
 * then pays again choosing it: the sandbox's page shows the card masked and asks only the CVV.
 */
jest.setTimeout(420_000)

const CARD = "4111111111111111"
const YY = String(new Date().getUTCFullYear() + 3).slice(-2)

const stack = useDemoStack()
const person = usePersonPerTest()
let admin: AdminApi
beforeAll(() => {
  admin = new AdminApi(stack.backendUrl, stack.admin)
})

const checkouts = () => stack.sandbox.inspect.requests().filter((r) => r.path === "/v1/checkout")

/** Puts the mug in the cart (a new cart is the logged-in customer's) and reaches the payment step. */
async function toPayment(page: Page, email: string) {
  await page.goto(stack.storefrontUrl)
  await page.click("#add-MUG-1")
  await page.waitForSelector("#cart-total")
  await page.click("#checkout")
  await page.fill("#email", email)
  await page.click("#to-payment")
  await page.waitForSelector("#pay")
}

const onSandbox = (page: Page) => page.waitForURL((u) => u.origin === new URL(stack.sandboxUrl).origin)

it("a customer saves a card at checkout, sees it in the account, pays again with it (CVV only), deletes it", async () => {
  const { page } = person
  const email = `saver-${Date.now().toString(36)}@shop.test`

  // Register: the header then shows the customer, the account has no card yet.
  await page.goto(`${stack.storefrontUrl}/account`)
  await page.fill("#register-email", email)
  await page.fill("#register-password", "correct horse battery staple")
  await page.click("#register-submit")
  await page.waitForSelector("#customer-email")
  expect(await page.textContent("#customer-email")).toBe(email)
  await page.waitForSelector("#no-saved-cards")
  expect(await page.textContent("#account-link")).toBe(email)

  // First checkout: a new card with "Save this card" ticked.
  await toPayment(page, email)
  expect(await page.isChecked("#card-new")).toBe(true)
  expect(await page.locator("input[name=card]").count()).toBe(1) // no saved card yet
  await page.check("#save-card")
  await page.check("#method-card-redirect")
  await screenshot(page, "saved-cards-1-save-this-card")
  const before = checkouts().length
  await page.click("#pay")
  await onSandbox(page)
  await enterCard(page, CARD)
  const firstOrder = await confirmedOrderId(page)
  // One gateway order, asked for a token (the log also holds the browser's post of the loading form).
  const first = checkouts()
    .slice(before)
    .filter((r) => r.body?.order_no)
  expect(new Set(first.map((r) => r.body?.order_no)).size).toBe(1)
  expect(first.every((r) => r.body?.token_flag === "YES" && !r.body?.token_id)).toBe(true)
  expect((await admin.order(firstOrder)).payment_status).toBe("authorized")

  // The account lists the card: brand, last 4 and expiry; the gateway's token is nowhere on the page.
  const tokens = (await (await fetch(`${stack.sandboxUrl}/__sandbox/tokens`)).json()) as Array<{ token_id: string }>
  expect(tokens).toHaveLength(1)
  await page.goto(`${stack.storefrontUrl}/account`)
  await page.waitForSelector(".saved-cards li")
  expect(await page.locator(".saved-cards li").count()).toBe(1)
  expect(await page.textContent(".saved-cards .saved-card")).toBe(`Visa •••• 1111, expires 12/${YY}`)
  expect(await page.content()).not.toContain(tokens[0].token_id)
  await screenshot(page, "saved-cards-2-account")

  // Second checkout: the saved card is offered and chosen.
  await toPayment(page, email)
  const saved = page.locator("input[name=card][data-last4='1111']")
  expect(await saved.count()).toBe(1)
  await saved.check()
  expect(await page.isVisible("#save-card")).toBe(false) // nothing to save with a saved card
  await screenshot(page, "saved-cards-3-choose-saved")
  const second = checkouts().length
  await page.click("#pay")
  await onSandbox(page)

  // The hosted page shows the card masked and asks only the CVV: no number input.
  await page.waitForSelector("#saved_card")
  expect(await page.textContent("#saved_card")).toContain("•••• 1111")
  expect(await page.locator("#card_number").count()).toBe(0)
  expect(await page.locator("input[name=expiry]").count()).toBe(0)
  expect(await page.isEditable("#cvv")).toBe(true)
  expect(await page.content()).not.toContain(tokens[0].token_id)
  await screenshot(page, "saved-cards-4-hosted-page-cvv-only")
  const sent = checkouts()
    .slice(second)
    .filter((r) => r.body?.order_no)
  expect(new Set(sent.map((r) => r.body?.order_no)).size).toBe(1)
  expect(sent.some((r) => r.body?.token_id === tokens[0].token_id)).toBe(true)
  await page.fill("#cvv", "123")
  await page.click("button[value=pay]")
  const secondOrder = await confirmedOrderId(page)
  expect(secondOrder).not.toBe(firstOrder)
  expect(await page.textContent("#payment-status")).toBe("authorized")
  const order = await admin.order(secondOrder)
  expect(order.payment_status).toBe("authorized")
  expect(order.payment_collections[0].payments).toHaveLength(1)
  await screenshot(page, "saved-cards-5-second-order")

  // Delete it from the account (after the confirmation): the list is empty, the next checkout offers none.
  await page.goto(`${stack.storefrontUrl}/account`)
  await page.waitForSelector(".saved-cards li")
  page.once("dialog", (d) => void d.accept())
  await page.click("button[data-delete]")
  await page.waitForSelector("#no-saved-cards")
  await toPayment(page, email)
  expect(await page.locator("input[name=card]").count()).toBe(1)
  expect(person.problems).toEqual([])
})

it("a guest sees neither saved cards nor 'Save this card', only a log-in hint", async () => {
  const { page } = person
  await toPayment(page, "guest@shop.test")
  expect(await page.locator("#card-choice").count()).toBe(0)
  expect(await page.locator("#save-card").count()).toBe(0)
  expect(await page.isVisible("#login-hint")).toBe(true)
  expect(await page.textContent("#account-link")).toBe("Log in")
  expect(person.problems).toEqual([])
})
