import type { Page } from "playwright-core"
import { useMerchant } from "./helpers/chromium"
import { useDemoStack } from "./helpers/demo-stack"
import { ADDRESS, shot as shotIn, storeApi } from "./helpers/dashboard"

/**
 * Issue 37 in the real dashboard: after an approved and two declined payments (insufficient funds,
 * refused by the issuer), the plugin's first page is the overview; its tiles show the approval,
 * and a click on the decline-reason bar opens the list of exactly that payment. Light and dark.
 * Send a test notification is accepted, shown as the last test, and changes no figure.
 */
jest.setTimeout(600_000)

const SCREENS = process.env.ACQ_SCREENS_DIR ?? "/tmp/screens-37"
const stack = useDemoStack({ adminUi: true })
const merchant = useMerchant(stack)
const shot = (page: Page, name: string) => shotIn(page, SCREENS, name)

const store = storeApi(stack)

/**
 * A cart ready to order (address and shipping method) paid at the sandbox with `card`; the gateway's
 * notification follows. Without a shipping method an approval cannot place its order, so the hook answers
 * 503 until the completion guard gives the money back, and the gateway keeps retrying.
 */
async function paidWith(card: string): Promise<string> {
  const { regionId } = stack as unknown as { regionId: string }
  const { products } = await store(`/store/products?region_id=${regionId}&fields=*variants`)
  const cart = (
    await store("/store/carts", {
      region_id: regionId,
      email: `overview-${Date.now()}@shop.test`,
      items: [{ variant_id: products[0].variants[0].id, quantity: 1 }],
      shipping_address: ADDRESS,
      billing_address: ADDRESS,
    })
  ).cart
  const { shipping_options } = await store(`/store/shipping-options?cart_id=${cart.id}`)
  await store(`/store/carts/${cart.id}/shipping-methods`, { option_id: shipping_options[0].id })
  const collection = (await store("/store/payment-collections", { cart_id: cart.id })).payment_collection
  const orderNo = (
    await store(`/store/payment-collections/${collection.id}/payment-sessions`, {
      provider_id: "pp_acquiring_acquiring",
      data: {},
    })
  ).payment_collection.payment_sessions[0].data.order_no as string
  stack.sandbox.shopper.pay(orderNo, { card })
  return orderNo
}

it("overview tiles and a decline-reason bar into its list, light and dark", async () => {
  const orderNos = [
    await paidWith("4111111111111111"),
    await paidWith("4000000000009995"),
    await paidWith("4000000000000002"),
  ]
  const short = orderNos[1]
  // These three orders' notifications delivered (the demo's sandbox may hold others of its own).
  const states = () =>
    stack.sandbox.notifications
      .list()
      .filter((n) => orderNos.includes(n.payload.order_no))
      .map((n) => `${n.payload.order_no}:${n.state}`)
  for (const end = Date.now() + 60_000; Date.now() < end; await new Promise((r) => setTimeout(r, 250)))
    if (states().filter((s) => s.endsWith(":delivered")).length >= 3) break
  expect(states().filter((s) => s.endsWith(":delivered"))).toHaveLength(3)
  const refused = stack.backendLines.filter((l) => l.includes("notification refused"))
  expect(refused.filter((l) => orderNos.some((no) => l.includes(no)))).toEqual([])

  const { page } = merchant
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await page.goto(`${stack.adminUrl}/acquiring?period=today`)
    await page.getByRole("heading", { name: "Payments overview" }).waitFor()
    await page.getByTestId("tile-volume-count").getByText("1", { exact: true }).waitFor()
    await page.getByText("Approval rate 33.3%").waitFor()
    await page.getByRole("heading", { name: "Notification health" }).waitFor()
    await shot(page, `overview-${scheme}`)
  }

  // Send a test notification: accepted and listed as the last test; the tiles stay as they were.
  const health = page.locator("[data-provider]").first()
  await health.getByRole("button", { name: "Send a test notification" }).click()
  const result = health.getByTestId("test-result")
  await result.getByText(/accepted: the notify route verified its signature/).waitFor()
  const testNo = /payses00000000TEST[0-9A-Z]{14}/.exec((await result.textContent()) ?? "")![0]
  await health.getByTestId("last-test").getByText(testNo, { exact: false }).waitFor()
  await shot(page, "test-notification-dark")
  await page.reload()
  await page.getByTestId("tile-volume-count").getByText("1", { exact: true }).waitFor()
  await page.getByText("Approval rate 33.3%").waitFor()

  // The decline-reason chart's bar for insufficient funds (the chart's second card of bars).
  const reasons = page.locator("div.p-4", { has: page.getByRole("heading", { name: "Decline reasons" }) })
  await reasons.locator(".recharts-bar-rectangle path").first().waitFor()
  const bars = reasons.locator(".recharts-bar-rectangle path")
  const count = await bars.count()
  for (let i = 0; i < count; i++) {
    await bars.nth(i).click()
    await page.waitForURL((u) => u.pathname.endsWith("/acquiring/payments"))
    if (new URL(page.url()).searchParams.get("category") === "insufficient_funds") break
    await page.goBack()
  }
  await page.getByTestId("payment-row").filter({ hasText: short }).waitFor()
  expect(await page.getByTestId("payment-row").count()).toBe(1)
  await shot(page, "decline-reason-list-dark")

  // The Notifications list shows the test delivery as a test.
  await page.goto(`${stack.adminUrl}/acquiring/notifications?order_no=${testNo}`)
  const row = page.getByRole("row").filter({ hasText: testNo })
  await row.getByText("Test", { exact: true }).waitFor()
  await row.getByText("test notification: no payment changed").waitFor()
  expect(merchant.problems).toEqual([])
})
