import type { Page } from "playwright-core"
import { newPerson, type Person } from "./helpers/chromium"
import { startDemoStack, type DemoStack } from "./helpers/demo-stack"
import { confirmedOrderId, enterCard, screenshot } from "./helpers/shopper"

/**
 * The admin's Saved cards widget on the customer page (#18), in the real dashboard (Vite, from
 * source): a customer saves a card in the demo storefront; the merchant sees it masked and deletes it.
 */
jest.setTimeout(600_000)

let stack: DemoStack & { adminUrl: string }
let merchant: Person

async function adminToken(): Promise<string> {
  const res = await fetch(`${stack.backendUrl}/auth/user/emailpass`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(stack.admin),
  })
  return (await res.json()).token
}

async function adminGet(path: string) {
  const res = await fetch(stack.backendUrl + path, { headers: { authorization: `Bearer ${await adminToken()}` } })
  return res.json()
}

beforeAll(async () => {
  stack = await startDemoStack({ adminUi: true })
  merchant = await newPerson()
  // The first visit makes Vite prepare the dashboard: allow it the time it takes.
  merchant.page.setDefaultTimeout(300_000)
  await merchant.page.goto(`${stack.adminUrl}/login`)
  await merchant.page.fill("input[name=email]", stack.admin.email)
  await merchant.page.fill("input[name=password]", stack.admin.password)
  await merchant.page.click("button[type=submit]")
  await merchant.page.waitForURL((u) => !u.pathname.endsWith("/login"))
  merchant.page.setDefaultTimeout(60_000)
}, 900_000)

afterAll(async () => {
  await merchant?.close()
  await stack?.stop()
}, 60_000)

/** A shopper registers in the demo storefront and pays with "Save this card" ticked. */
async function customerWithSavedCard(email: string) {
  const shopper = await newPerson()
  const page: Page = shopper.page
  try {
    await page.goto(`${stack.storefrontUrl}/account`)
    await page.fill("#register-email", email)
    await page.fill("#register-password", "correct horse battery staple")
    await page.click("#register-submit")
    await page.waitForSelector("#customer-email")
    await page.goto(stack.storefrontUrl)
    await page.click("#add-MUG-1")
    await page.waitForSelector("#cart-total")
    await page.click("#checkout")
    await page.click("#to-payment")
    await page.waitForSelector("#pay")
    await page.check("#save-card")
    await page.click("#pay")
    await page.waitForURL((u) => u.origin === new URL(stack.sandboxUrl).origin)
    await enterCard(page, "4111111111111111")
    await confirmedOrderId(page)
  } finally {
    await shopper.close()
  }
}

it("customer page: the widget lists the saved card masked and deletes it after the confirmation", async () => {
  const email = `admin-view-${Date.now().toString(36)}@shop.test`
  await customerWithSavedCard(email)
  const { customers } = await adminGet(`/admin/customers?q=${encodeURIComponent(email)}&fields=id,email`)
  const customer = customers.find((c: { email: string }) => c.email === email)
  expect(customer).toBeTruthy()

  const { page } = merchant
  await page.goto(`${stack.adminUrl}/customers/${customer.id}`)
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
  const after = await adminGet(`/admin/acquiring/customers/${customer.id}/saved-cards`)
  expect(after.saved_cards).toEqual([])
  expect(merchant.problems).toEqual([])
})
