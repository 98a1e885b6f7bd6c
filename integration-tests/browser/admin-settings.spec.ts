import { AdminApi, type AdminOrder } from "./helpers/admin"
import { newPerson, useMerchant } from "./helpers/chromium"
import { useDemoStack } from "./helpers/demo-stack"
import { confirmedOrderId, enterCard, fillCartAndAddress, pay, screenshot } from "./helpers/shopper"

/**
 * Settings a shop admin edits in the dashboard (issue #35), in Debian's Chromium against the demo store:
 * capture mode and an APM method with its title are saved through the form, checked by the gateway, listed
 * in the history with the admin's e-mail, and the very next checkout follows them while the same server
 * keeps running. A field medusa-config.ts sets stays read-only.
 */
jest.setTimeout(600_000)

const CARD = "4111111111111111"
const ENTRY = "acquiring"
const TITLE = "Wallet, paid at once"

const stack = useDemoStack({ adminUi: true })
const merchant = useMerchant(stack)
let admin: AdminApi
beforeAll(() => {
  admin = new AdminApi(stack.backendUrl, stack.admin)
})

/** The order as the Admin API shows it once its payment is captured (the capture may follow the return). */
async function capturedOrder(orderId: string): Promise<AdminOrder> {
  const until = Date.now() + 60_000
  for (;;) {
    const order = await admin.order(orderId)
    if (order.payment_status === "captured" || Date.now() > until) return order
    await new Promise((r) => setTimeout(r, 1000))
  }
}

// What the dashboard showed and logged when a test failed (the merchant's page lives for the whole file).
afterEach(async () => {
  const state = (expect as unknown as { getState(): { assertionCalls: number; currentTestName?: string } }).getState()
  if (!process.env.ACQ_BROWSER_DEBUG) return
  await merchant.page?.screenshot({ path: `/tmp/settings-${state.assertionCalls}.png`, fullPage: true }).catch(() => {})
  console.log([...merchant.problems, ...merchant.consoleErrors].join("\n"))
})

const serverStarts = () => stack.backendLines.filter((l) => /Server is ready/.test(l)).length

it("an admin switches capture to automatic and offers a titled APM method; the next checkout follows both", async () => {
  const { page } = merchant
  const startsBefore = serverStarts()
  await page.goto(`${stack.adminUrl}/settings/acquiring`)
  const settings = page.locator(`[data-provider-settings="${ENTRY}"]`)
  await settings.getByRole("heading", { name: "Checkout", exact: true }).waitFor()
  for (const group of ["Connection", "After checkout", "Notifications and reconciliation", "Saved cards", "Payouts"])
    await settings.getByRole("heading", { name: group, exact: true }).waitFor()
  // The demo's medusa-config.ts sets the merchant id: read-only, saying where it is set.
  const merchantId = settings.getByLabel("Merchant id", { exact: true })
  expect(await merchantId.inputValue()).toBe("1000001")
  expect(await merchantId.isEditable()).toBe(false)
  const lockedNote = settings.locator('[data-locked="merchant_id"]')
  expect(await lockedNote.textContent()).toBe("set in medusa-config.ts")
  // The form is in test mode: the TEST badge is shown, and no sign key is on the page.
  await settings.getByTestId("test-mode-badge").waitFor()
  expect(await page.content()).not.toContain("sandbox-key-1")

  const capture = settings.getByLabel("Capture", { exact: true })
  expect(await capture.textContent()).toContain("manual")
  await capture.click()
  await page.getByRole("option", { name: "automatic", exact: true }).click()
  await settings.getByRole("button", { name: "Add payment method" }).click()
  await settings.getByLabel("Method 1", { exact: true }).fill("sandbox_wallet")
  await settings.getByLabel("Title 1", { exact: true }).fill(TITLE)
  await screenshot(page, "admin-settings-form-edited")
  await settings.getByRole("button", { name: "Save and check" }).click()

  // The check the save ran against the entered values, step by step.
  const check = settings.getByTestId("settings-check")
  await check.getByText(/^Saved as version \d+/).waitFor()
  expect(await check.getByText("failed", { exact: true }).count()).toBe(0)
  expect(await check.getByText("passed", { exact: true }).count()).toBeGreaterThan(0)
  // The reloaded form holds the saved values.
  await settings.getByLabel("Capture", { exact: true }).filter({ hasText: "automatic" }).waitFor()
  expect(await settings.getByLabel("Title 1", { exact: true }).inputValue()).toBe(TITLE)

  // The history names the admin and what changed.
  const history = settings.getByRole("region", { name: `History of ${ENTRY}` })
  const row = history.getByRole("row").filter({ hasText: stack.admin.email })
  await row.first().waitFor()
  expect(await row.first().textContent()).toMatch(/Capture: .*→ automatic/)
  expect(await row.first().textContent()).toContain(TITLE)
  await screenshot(page, "admin-settings-saved-history")

  // The next card checkout is captured at once (it was manual: authorised only).
  const shopper = await newPerson()
  try {
    await fillCartAndAddress(shopper.page, stack.storefrontUrl)
    await pay(shopper.page, "card-redirect")
    await enterCard(shopper.page, CARD)
    const order = await capturedOrder(await confirmedOrderId(shopper.page))
    expect(order.payment_status).toBe("captured")
    expect(order.payment_collections[0].payments[0].captured_at).not.toBeNull()

    // The next APM session (Store API, as the checkout page starts it) carries the method's new title.
    await fillCartAndAddress(shopper.page, stack.storefrontUrl)
    // The answer is taken through a route: the page goes on to the issuer at once, and Chromium drops the
    // body of a response the page navigated away from.
    let resolveAnswer: (a: Record<string, any>) => void
    const started = new Promise<Record<string, any>>((r) => (resolveAnswer = r))
    await shopper.page.route(/\/payment-sessions$/, async (route) => {
      const response = await route.fetch()
      if (route.request().method() === "POST") resolveAnswer(await response.json())
      await route.fulfill({ response })
    })
    await pay(shopper.page, "apm")
    const answer = await started
    const sessions = answer.payment_collection.payment_sessions as Array<{
      provider_id: string
      data: Record<string, unknown>
    }>
    const apm = sessions.find((s) => s.provider_id === "pp_acquiring-apm_acquiring")
    expect(apm?.data).toMatchObject({ payment_method: "sandbox_wallet", payment_method_title: TITLE })
    await shopper.page.waitForURL((u) => u.pathname.startsWith("/apm/"))
  } finally {
    await shopper.close()
  }
  // No restart: the one server that started with the stack answered all of it.
  expect(serverStarts()).toBe(startsBefore)
  expect(merchant.problems).toEqual([])
  expect(merchant.consoleErrors.filter((m) => /requires a `\w*Title`/.test(m))).toEqual([])
})

it("the order widget and Notifications show TEST while the provider is in test mode", async () => {
  const { page } = merchant
  await page.goto(`${stack.adminUrl}/acquiring/notifications`)
  await page.getByRole("heading", { name: "Notifications" }).waitFor()
  await page.getByTestId("test-mode-badge").waitFor()
  expect(await page.getByTestId("test-mode-badge").textContent()).toBe("TEST")
  await page.goto(`${stack.adminUrl}/orders/${await admin.latestOrderId()}`)
  // The badge sits next to the widget's heading.
  const title = page.getByRole("heading", { name: "Acquiring gateway" }).locator("xpath=..")
  await title.getByTestId("test-mode-badge").waitFor()
  expect(merchant.problems).toEqual([])
})

const PNG_1PX = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="

it("an admin edits the offered methods with an uploaded logo; the storefront shows only what the store offers", async () => {
  const { page } = merchant
  await page.goto(`${stack.adminUrl}/settings/acquiring`)
  const settings = page.locator(`[data-provider-settings="${ENTRY}"]`)
  await settings.getByRole("heading", { name: "Payment methods a shopper sees", exact: true }).waitFor()
  await settings.getByRole("button", { name: "Add offered method" }).click()
  await settings.getByRole("button", { name: "Add offered method" }).click()
  const cell = (row: number, key: string) => page.locator(`#settings-${ENTRY}-payment_methods-${row}-${key}`)
  await cell(0, "method").fill("card")
  await cell(0, "title").fill("Card, as the admin named it")
  await cell(1, "method").fill("sandbox_wallet")
  await cell(1, "max_amount").fill("1.00")
  // An SVG is refused (it could run script where it is opened); a PNG becomes the card's logo.
  const file = page.getByTestId(`settings-${ENTRY}-payment_methods-0-logo_url-file`)
  const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'
  await file.setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: Buffer.from(svg) })
  await settings.getByText(/must be a PNG, JPEG or WebP image/).waitFor()
  expect(await cell(0, "logo_url").inputValue()).toBe("")
  await file.setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: Buffer.from(PNG_1PX, "base64") })
  for (const end = Date.now() + 30_000; !(await cell(0, "logo_url").inputValue()) && Date.now() < end;)
    await new Promise((r) => setTimeout(r, 200))
  const logoUrl = await cell(0, "logo_url").inputValue()
  expect(logoUrl).toMatch(/\.png$/)
  await screenshot(page, "admin-settings-offered-methods")
  await settings.getByRole("button", { name: "Save and check" }).click()
  await settings
    .getByTestId("settings-check")
    .getByText(/^Saved as version \d+/)
    .waitFor()

  // The uploaded logo is served by the store as the image it is.
  const logo = await fetch(logoUrl)
  expect(logo.status).toBe(200)
  expect(logo.headers.get("content-type")).toMatch(/^image\/png/)

  // The storefront's payment step: the card under the admin's title; the wallet, above its maximum, is gone.
  const shopper = await newPerson()
  try {
    await fillCartAndAddress(shopper.page, stack.storefrontUrl)
    expect(await shopper.page.textContent("label:has(#method-card-redirect)")).toContain("Card, as the admin named it")
    expect(await shopper.page.locator("#method-apm").count()).toBe(0)
    await screenshot(shopper.page, "storefront-offered-methods")
  } finally {
    await shopper.close()
  }
  expect(merchant.problems).toEqual([])
})
