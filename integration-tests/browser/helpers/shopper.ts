import { mkdirSync } from "node:fs"
import path from "node:path"
import type { FrameLocator, Page } from "playwright-core"
import { newPerson } from "./chromium"

export type PayMethod = "card-redirect" | "card-iframe" | "apm"
export const SCREENSHOTS = path.resolve(__dirname, "..", "..", "..", "test-output", "screenshots")

/** Browse the storefront, put two products in the cart, give an address, reach the payment step. */
export async function fillCartAndAddress(page: Page, storefrontUrl: string) {
  await page.goto(storefrontUrl)
  await page.click("#add-MUG-1")
  await page.waitForSelector("#cart-total")
  await page.click("#add-TEE-1")
  await page.waitForFunction(() => document.getElementById("cart-count")?.textContent === "2")
  await page.click("#checkout")
  await page.fill("#email", "ada@shop.test")
  await page.click("#to-payment")
  await page.waitForSelector("#pay")
  return (await page.textContent("#checkout-total"))?.trim()
}

export async function pay(page: Page, method: PayMethod) {
  await page.check(`#method-${method}`)
  await page.click("#pay")
}

/** Where the card form is: the top page (redirect) or the iFrame inside the storefront. */
export function cardPage(page: Page, method: PayMethod): Page | FrameLocator {
  return method === "card-iframe" ? page.frameLocator("iframe[name=acquiring_hosted_page]") : page
}

export async function enterCard(where: Page | FrameLocator, number: string, opts: { inFrame?: boolean } = {}) {
  await where.locator("#card_number").fill(number)
  await where.locator("#expiry").fill(`12/${String(new Date().getUTCFullYear() + 3).slice(-2)}`)
  await where.locator("#cvv").fill("123")
  await where.locator("#card_holder").fill("Ada Lovelace")
  // In the cross-site iFrame Playwright cannot place a mouse click under jest (a plain script
  // clicks fine), so the person submits with Enter there: the form's default button is Pay.
  if (opts.inFrame) await where.locator("#card_holder").press("Enter")
  else await where.locator("button[value=pay]").click()
}

/** The confirmation page's order id, once the return page has completed the cart. */
export async function confirmedOrderId(page: Page): Promise<string> {
  await page.waitForSelector("#confirmation", { timeout: 90_000 })
  const id = await page.getAttribute("#confirmation", "data-order-id")
  if (!id) throw new Error("the confirmation page shows no order id")
  return id
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true })
  const file = path.join(SCREENSHOTS, `${name}.png`)
  await page.screenshot({ path: file, fullPage: true })
  return file
}

/** Puts the mug in the cart (a logged-in customer's cart is theirs) and reaches the payment step as `email`. */
export async function mugToPayment(page: Page, storefrontUrl: string, email: string) {
  await page.goto(storefrontUrl)
  await page.click("#add-MUG-1")
  await page.waitForSelector("#cart-total")
  await page.click("#checkout")
  await page.fill("#email", email)
  await page.click("#to-payment")
  await page.waitForSelector("#pay")
}

/** A shopper registers in the demo storefront as `email` and pays for a mug with "Save this card" ticked. */
export async function registerAndSaveCard(
  stack: { storefrontUrl: string; sandboxUrl: string },
  email: string,
): Promise<void> {
  const shopper = await newPerson()
  const page = shopper.page
  try {
    await page.goto(`${stack.storefrontUrl}/account`)
    await page.fill("#register-email", email)
    await page.fill("#register-password", "correct horse battery staple")
    await page.click("#register-submit")
    await page.waitForSelector("#customer-email")
    await mugToPayment(page, stack.storefrontUrl, email)
    await page.check("#save-card")
    await page.click("#pay")
    await page.waitForURL((u) => u.origin === new URL(stack.sandboxUrl).origin)
    await enterCard(page, "4111111111111111")
    await confirmedOrderId(page)
  } finally {
    await shopper.close()
  }
}
