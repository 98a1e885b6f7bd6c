import type { Page } from "playwright-core"
import { forgedSignature } from "../helpers/forge"
import { useMerchant } from "./helpers/chromium"
import { useDemoStack } from "./helpers/demo-stack"
import { ADDRESS, shot as shotIn, storeApi } from "./helpers/dashboard"

/**
 * Issue 26 in the real dashboard (the demo stack, Debian's Chromium): a shopper pays the page of a
 * session the storefront already replaced, so the plugin voids that gateway order (no Medusa order
 * owns it); a forger replays its notification with one signature digit changed. The merchant finds
 * both notifications by the order number, opens the refused one, processes it again (still refused,
 * attempt 2), and sees the voided payment under Unmatched payments.
 */
jest.setTimeout(600_000)

const SCREENS = process.env.ACQ_SCREENS_DIR ?? "/tmp/screens-26"
const CARD = "4111111111111111"
const stack = useDemoStack({ adminUi: true })
const merchant = useMerchant(stack)
const shot = (page: Page, name: string) => shotIn(page, SCREENS, name)

const store = storeApi(stack)

async function admin(pathname: string) {
  const login = await fetch(`${stack.backendUrl}/auth/user/emailpass`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(stack.admin),
  })
  const { token } = await login.json()
  const res = await fetch(stack.backendUrl + pathname, { headers: { authorization: `Bearer ${token}` } })
  return res.json()
}

/** Session A started, then B on the same collection (a double click): Medusa deletes A; its page stays payable. */
async function replacedSessionOrderNo(): Promise<string> {
  const { regionId } = stack as unknown as { regionId: string }
  const { products } = await store(`/store/products?region_id=${regionId}&fields=*variants`)
  const cart = (
    await store("/store/carts", {
      region_id: regionId,
      email: "double-click@shop.test",
      items: [{ variant_id: products[0].variants[0].id, quantity: 1 }],
      shipping_address: ADDRESS,
      billing_address: ADDRESS,
    })
  ).cart
  const collection = (await store("/store/payment-collections", { cart_id: cart.id })).payment_collection
  const start = async () =>
    (
      await store(`/store/payment-collections/${collection.id}/payment-sessions`, {
        provider_id: "pp_acquiring_acquiring",
        data: {},
      })
    ).payment_collection.payment_sessions[0].data.order_no as string
  const first = await start()
  const second = await start()
  expect(second).not.toBe(first)
  return first
}

async function until<T>(what: string, read: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const v = await read()
    if (v !== undefined) return v
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 500))
  }
}

it("notifications and unmatched payments: find by order, open, process a refused one again; the voided payment is listed", async () => {
  const orderNo = await replacedSessionOrderNo()
  stack.sandbox.shopper.pay(orderNo, { card: CARD })
  await until("the orphan to be settled", async () => {
    const { unmatched } = await admin("/admin/acquiring/unmatched")
    return unmatched.find((u: { order_no: string; state: string }) => u.order_no === orderNo && u.state === "settled")
  })
  // Voided when the account authorises, refunded in full when it captures at once.
  expect(["cancelled", "refunded"]).toContain(stack.sandbox.inspect.order({ order_no: orderNo })!.state)

  // The forger: the genuine body with the signature's last digit changed, and a card number it should not carry.
  const genuine = stack.sandbox.notifications
    .list()
    .find((n) => Object.values(n.payload).includes(orderNo) && n.notify_type === "payment")!
  const sigKey = Object.keys(genuine.payload).find((k) => /encryption_data|signInfo/.test(k))!
  const sig = genuine.payload[sigKey]
  const forged = { ...genuine.payload, [sigKey]: forgedSignature(sig), card_no: CARD }
  const res = await fetch(`${stack.backendUrl}/hooks/acquiring/notify`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(forged).toString(),
  })
  expect(res.status).toBe(401)

  const { page } = merchant
  await page.goto(`${stack.adminUrl}/acquiring/notifications`)
  await page.getByRole("heading", { name: "Notifications" }).waitFor()
  await page.fill("#ntf-order", orderNo)
  await page.getByRole("button", { name: "Search", exact: true }).click()
  const refusedRow = page.getByRole("row", { name: /refused/ }).filter({ hasText: orderNo })
  await refusedRow.waitFor()
  await page
    .getByRole("row", { name: /accepted/ })
    .filter({ hasText: orderNo })
    .first()
    .waitFor()
  await shot(page, "notifications-search")

  await refusedRow.click()
  const drawer = page.getByRole("dialog")
  await drawer.getByRole("table", { name: "Fields as received" }).waitFor()
  await drawer.getByText(orderNo).first().waitFor()
  await drawer.getByText(/401/).first().waitFor()
  // The card number is masked in the books: only its last four digits reach the page.
  await drawer.getByText(`************${CARD.slice(-4)}`).waitFor()
  expect(await page.content()).not.toContain(CARD)
  await shot(page, "notification-open-refused")
  await drawer.getByRole("button", { name: "Process again" }).click()
  await page.getByText("Processed again: refused").waitFor()
  await drawer.getByText("Attempts").locator("xpath=following-sibling::dd[1]").getByText("2").waitFor()
  await shot(page, "notification-processed-again")
  await drawer.getByRole("button", { name: "Close" }).click()

  await page.goto(`${stack.adminUrl}/acquiring/unmatched`)
  await page.getByRole("heading", { name: "Unmatched payments" }).waitFor()
  const row = page.getByRole("row").filter({ hasText: orderNo })
  await row
    .getByText(/^(voided|refunded)$/)
    .first()
    .waitFor()
  await shot(page, "unmatched-payments")
  await row.getByRole("link", { name: "Notifications" }).click()
  await page.waitForURL((u) => u.pathname.endsWith("/acquiring/notifications"))
  expect(await page.inputValue("#ntf-order")).toBe(orderNo)
  await page
    .getByRole("row", { name: /refused/ })
    .filter({ hasText: orderNo })
    .waitFor()
  await shot(page, "unmatched-to-notifications")
  expect(merchant.problems).toEqual([])
})
