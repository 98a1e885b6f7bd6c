import type { Page } from "playwright-core"
import { usePersonPerTest } from "./helpers/chromium"
import { useDemoStack } from "./helpers/demo-stack"
import { enterCard, fillCartAndAddress, pay, screenshot } from "./helpers/shopper"

/**
 * Declines a shopper understands (#27): each reason the gateway gives, and the shopper's own
 * Cancel on the hosted page, shows its own heading and sentence on the demo's return page, and the
 * backend logs it once at info with the order number and reason. One demo stack for the whole file;
 * one cart per test, so each case stands alone.
 */
jest.setTimeout(300_000)

const stack = useDemoStack()
const person = usePersonPerTest()

/** What the shopper does on the sandbox's card page to get each outcome. */
const CASES: Array<[string, string, string, (page: Page) => Promise<void>]> = [
  ["insufficient_funds", "E0002", "Insufficient funds", (p) => enterCard(p, "4000000000009995")],
  ["refused", "E0001", "Payment refused", (p) => enterCard(p, "4000000000000002")],
  ["expired", "E0006", "Card expired", (p) => enterCard(p, "4000000000000069")],
  [
    "three_ds_failed",
    "E0003",
    "Card verification failed",
    async (p) => {
      await enterCard(p, "4000000000003220")
      await p.fill("#code", "0000") // not the sandbox's 1234
      await p.click("button[type=submit]")
    },
  ],
  ["canceled", "E0004", "Payment cancelled", (p) => p.click("button[value=cancel]")],
]

/** The gateway's order number of the cart's latest session, as the sandbox recorded the page's checkout. */
function lastOrderNo(): string {
  const checkout = stack.sandbox.inspect
    .requests()
    .filter((r) => r.path === "/v1/checkout" && r.body?.order_no)
    .at(-1)
  return String(checkout?.body?.order_no)
}

it.each(CASES)("%s (%s) has its own message on the return page", async (reason, code, title, act) => {
  const { page } = person
  await fillCartAndAddress(page, stack.storefrontUrl)
  await pay(page, "card-redirect")
  await page.waitForURL((u) => u.origin === new URL(stack.sandboxUrl).origin)
  await act(page)
  await page.waitForSelector("#declined", { timeout: 90_000 })
  await screenshot(page, `decline-${reason}`)

  expect(await page.textContent("#declined-title")).toBe(title)
  expect(await page.getAttribute("#declined", "data-reason")).toBe(reason)
  // The gateway's own code: the reason came from its notification, not from Medusa's status alone.
  expect(await page.getAttribute("#declined", "data-code")).toBe(code)
  if (reason === "canceled") expect(await page.textContent("body")).not.toMatch(/declined/i)
  expect(person.problems).toEqual([])

  // One info line of ours with the order number and the reason; nothing of ours at error.
  const orderNo = lastOrderNo()
  const ours = stack.backendLines.filter((l) => l.includes(`acquiring: order ${orderNo} `))
  expect(ours).toHaveLength(1)
  expect(ours[0]).toMatch(new RegExp(`info.*${reason}.*${code}`))
  expect(stack.backendLines.filter((l) => /error/i.test(l) && l.includes("acquiring:"))).toEqual([])
})
