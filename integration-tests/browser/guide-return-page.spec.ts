import { usePersonPerTest } from "./helpers/chromium"
import { screenshot } from "./helpers/shopper"
import { serveGuideReturnPage } from "./helpers/starter-page/serve"

/**
 * The return page docs/storefront-dtc-starter.md (3.4) gives for Medusa's official starter, the very
 * file the guide quotes (examples/dtc-starter/…/acquiring-return/[cartId]/page.tsx; a unit spec keeps
 * the two equal), in Chromium (#27): each decline category and the shopper's cancel shows its own
 * heading and sentence, and a paid cart goes on to the starter's confirmation page. The kit's outcomes
 * come from the kit (helpers/starter-page/data-acquiring.ts); declines.spec.ts takes the same reasons
 * from the sandbox through a real store to the demo's return page.
 */
jest.setTimeout(60_000)

let site: Awaited<ReturnType<typeof serveGuideReturnPage>>
beforeAll(async () => {
  site = await serveGuideReturnPage()
})
afterAll(() => site?.stop())
const person = usePersonPerTest()

const RETRY = "Choose a payment method and try again, or use another card."
/** Cart → the heading and sentence the shopper reads (the guide's table in 5, and the unmapped code). */
const CASES: Array<[string, string, string]> = [
  [
    "cart_insufficient_funds",
    "Insufficient funds",
    `The card does not have enough funds for this payment. No money was taken. ${RETRY}`,
  ],
  ["cart_refused", "Payment refused", `The card's bank refused the payment. No money was taken. ${RETRY}`],
  [
    "cart_three_ds_failed",
    "Card verification failed",
    `The bank's 3-D Secure check of the card did not succeed. No money was taken. ${RETRY}`,
  ],
  ["cart_expired", "Card expired", `The card has expired. No money was taken. ${RETRY}`],
  ["cart_canceled", "Payment cancelled", "The payment was cancelled. Choose a payment method to try again."],
  ["cart_unmapped", "Payment declined", `The payment was declined. No money was taken. ${RETRY}`],
]

it.each(CASES)("%s: the guide's return page reads %s", async (cartId, title, message) => {
  const { page } = person
  await page.goto(`${site.url}/dk/acquiring-return/${cartId}?order_no=1&transaction_id=2&order_status=3`)
  await page.waitForSelector("[data-testid=acquiring-return-outcome]")
  await screenshot(page, `guide-return-${cartId}`)

  expect(await page.textContent("h1")).toBe(title)
  expect(await page.textContent("[data-testid=acquiring-return-message]")).toBe(message)
  expect(await page.getAttribute("[data-testid=acquiring-return-outcome] a", "href")).toBe("/dk/checkout?step=payment")
  expect(await page.textContent("[data-testid=acquiring-return-outcome] a")).toBe("Back to payment")
  if (cartId === "cart_canceled") expect(await page.textContent("body")).not.toMatch(/declined/i)
  expect(person.problems).toEqual([])
})

it("a paid cart goes on to the starter's confirmation page", async () => {
  const { page } = person
  await page.goto(`${site.url}/dk/acquiring-return/cart_paid`)
  await page.waitForURL(`${site.url}/dk/order/order_paid/confirmed`)
  expect(person.problems).toEqual([])
})
