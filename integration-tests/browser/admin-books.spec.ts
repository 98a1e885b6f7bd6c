import type { Page } from "playwright-core"
import { forgedSignature } from "../helpers/forge"
import { AdminApi } from "./helpers/admin"
import { useMerchant } from "./helpers/chromium"
import { useDemoStack } from "./helpers/demo-stack"
import { ADDRESS, shot as shotIn, storeApi } from "./helpers/dashboard"

/**
 * Issue 26 in the real dashboard (the demo stack, Debian's Chromium): a shopper pays the page of a
 * session the storefront already replaced, so the plugin voids that gateway order (no Medusa order
 * owns it); a forger replays its notification with one signature digit changed. The merchant finds
 * both notifications by the order number, opens the refused one, processes it again (still refused,
 * attempt 2), and sees the voided payment under Unmatched payments. Issue 34: an order whose
 * authorisation was voided in the gateway's portal is listed under Orders without money and marked
 * on its order's page.
 */
jest.setTimeout(600_000)

const SCREENS = process.env.ACQ_SCREENS_DIR ?? "/tmp/screens-26"
const CARD = "4111111111111111"
const stack = useDemoStack({ adminUi: true })
const merchant = useMerchant(stack)
const shot = (page: Page, name: string) => shotIn(page, SCREENS, name)
let admin: AdminApi
beforeAll(() => {
  admin = new AdminApi(stack.backendUrl, stack.admin)
})

const store = storeApi(stack)

/** A guest's cart of the first product, with its payment collection. */
async function cartWithCollection(email: string) {
  const { regionId } = stack as unknown as { regionId: string }
  const { products } = await store(`/store/products?region_id=${regionId}&fields=*variants`)
  const cart = (
    await store("/store/carts", {
      region_id: regionId,
      email,
      items: [{ variant_id: products[0].variants[0].id, quantity: 1 }],
      shipping_address: ADDRESS,
      billing_address: ADDRESS,
    })
  ).cart
  const collection = (await store("/store/payment-collections", { cart_id: cart.id })).payment_collection
  const startSession = async () =>
    (
      await store(`/store/payment-collections/${collection.id}/payment-sessions`, {
        provider_id: "pp_acquiring_acquiring",
        data: {},
      })
    ).payment_collection.payment_sessions[0].data.order_no as string
  return { cart, startSession }
}

/** Session A started, then B on the same collection (a double click): Medusa deletes A; its page stays payable. */
async function replacedSessionOrderNo(): Promise<string> {
  const { startSession } = await cartWithCollection("double-click@shop.test")
  const first = await startSession()
  const second = await startSession()
  expect(second).not.toBe(first)
  return first
}

/** A card checkout through the Store API, paid at the sandbox and completed: the order and its gateway order. */
async function placedOrder(email: string): Promise<{ orderId: string; orderNo: string }> {
  const { cart, startSession } = await cartWithCollection(email)
  const { shipping_options } = await store(`/store/shipping-options?cart_id=${cart.id}`)
  await store(`/store/carts/${cart.id}/shipping-methods`, { option_id: shipping_options[0].id })
  const orderNo = await startSession()
  stack.sandbox.shopper.pay(orderNo, { card: CARD })
  const done = await store(`/store/carts/${cart.id}/complete`, {})
  expect(done.type).toBe("order")
  return { orderId: done.order.id, orderNo }
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
  await until("the orphan to be settled", async () =>
    (await admin.unmatched()).find((u) => u.order_no === orderNo && u.state === "settled"),
  )
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

it("orders without money: an authorisation voided in the gateway's portal is listed, and marked on its order's page", async () => {
  const { orderId, orderNo } = await placedOrder("portal-void@shop.test")
  stack.sandbox.portal.cancel(orderNo)
  const changes = (await admin.reconcile()).filter((c) => c.order_id === orderId)
  expect(changes.map((c) => c.kind)).toEqual(["cancel", "order_unpaid"])

  const { page } = merchant
  await page.goto(`${stack.adminUrl}/acquiring/unmatched`)
  await page.getByRole("heading", { name: "Orders without money" }).waitFor()
  const row = page.getByRole("row").filter({ hasText: orderNo })
  await row.getByText("no money", { exact: true }).waitFor()
  await row.getByText(`order ${orderId} has no money; ask for a new payment or cancel it`, { exact: false }).waitFor()
  expect(await row.textContent()).toMatch(/the gateway voided the order's money outside Medusa \(its portal\)/)
  // Not among the gateway orders without an order: this one has its order.
  expect(await page.getByRole("row").filter({ hasText: orderNo }).count()).toBe(1)
  await shot(page, "orders-without-money")

  await row.getByRole("link", { name: orderId }).click()
  await page.waitForURL((u) => u.pathname.endsWith(`/orders/${orderId}`))
  // The order's widget: the mark, its gateway order and why.
  await page.getByRole("heading", { name: "Acquiring gateway" }).waitFor()
  const mark = page.getByText("No money at the gateway", { exact: true })
  await mark.waitFor()
  const markBlock = mark.locator("xpath=ancestor::div[2]")
  await markBlock.getByText(orderNo, { exact: true }).waitFor()
  await markBlock.getByText(/the gateway voided the order's money outside Medusa \(its portal\)/).waitFor()
  await shot(page, "order-widget-no-money")
  expect(merchant.problems).toEqual([])
})
