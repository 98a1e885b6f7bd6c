import type { Page } from "playwright-core"
import { useMerchant } from "./helpers/chromium"
import { useDemoStack } from "./helpers/demo-stack"
import { shot as shotIn } from "./helpers/dashboard"
import { books, buildOverviewMix, centsOf, DECLINES, eur, type OverviewMix } from "./helpers/overview-mix"

/**
 * Issue 37 in the real dashboard, after the mix (an approved payment captured, refunded in part
 * and disputed; a decline for each reason; an abandoned page; an APM; a settled orphan): the tiles and
 * charts show exactly what the books hold for those orders, light and dark, and a click on a
 * decline-reason bar opens the list of exactly that payment. Send a test notification is accepted,
 * shown as the last test, and changes no figure.
 */
jest.setTimeout(600_000)

const SCREENS = process.env.ACQ_SCREENS_DIR ?? "/tmp/screens-37"
const stack = useDemoStack({ adminUi: true })
const merchant = useMerchant(stack)
const shot = (page: Page, name: string) => shotIn(page, SCREENS, name)

/** The figures the mix must show, from the books' rows of its own orders. */
async function expectedFigures(mix: OverviewMix) {
  const all = [mix.approved, mix.apm, mix.orphan, mix.abandoned, mix.pending, ...Object.values(mix.declined)]
  const { orders, movements, disputes } = await books(stack, async (db) => ({
    orders: (
      await db.query(`select order_no, amount::text from acquiring_gateway_order where order_no = any($1)`, [all])
    ).rows,
    movements: (
      await db.query(
        `select order_no, kind, amount::text from acquiring_movement where order_no = any($1) and outcome = 'done'`,
        [all],
      )
    ).rows,
    disputes: (await db.query(`select order_no, amount::text from acquiring_dispute where order_no = any($1)`, [all]))
      .rows,
  }))
  expect(orders).toHaveLength(all.length)
  const amount = (no: string) => centsOf(orders.find((o) => o.order_no === no)!.amount)
  const moved = (kind: string) => movements.filter((m) => m.kind === kind)
  // What the mix did, as the books recorded it: one capture and one refund of the approved payment, one void (the orphan's).
  expect(moved("capture").map((m) => m.order_no)).toEqual([mix.approved])
  expect(moved("refund").map((m) => [m.order_no, m.amount && centsOf(m.amount)])).toEqual([
    [mix.approved, centsOf(mix.refund)],
  ])
  expect(moved("cancel").map((m) => m.order_no)).toEqual([mix.orphan])
  expect(disputes.map((d) => d.order_no)).toEqual([mix.approved])
  const sum = (nos: string[]) => nos.reduce((a, no) => a + amount(no), 0n)
  const approved = [mix.approved, mix.apm, mix.orphan]
  const declined = Object.keys(mix.declined).length
  return {
    tiles: {
      volume: [approved.length, eur(sum(approved))],
      captured: [1, eur(amount(mix.approved))],
      refunded: [1, eur(centsOf(mix.refund))],
      disputed: [1, eur(disputes[0].amount ? centsOf(disputes[0].amount) : amount(mix.approved))],
      voided: [1, eur(amount(mix.orphan))],
      settled_orphans: [1, eur(amount(mix.orphan))],
    } as Record<string, [number, string]>,
    rate: `${Math.round((approved.length * 1000) / (approved.length + declined)) / 10}%`,
  }
}

/** The tick labels of one chart's axis, as drawn (recharts draws them in a layer of their own). */
const ticks = (page: Page, chart: string, axis: "x" | "y") =>
  page
    .locator("div.p-4", { has: page.getByRole("heading", { name: chart }) })
    .locator(`.recharts-${axis}Axis-tick-labels .recharts-cartesian-axis-tick-value`)
    .allTextContents()

it("overview tiles and charts equal the books after the mix; a decline-reason bar opens its list", async () => {
  const mix = await buildOverviewMix(stack)
  const short = mix.declined.insufficient_funds
  const expected = await expectedFigures(mix)
  const refused = stack.backendLines.filter((l) => l.includes("notification refused"))
  expect(refused.filter((l) => Object.values(mix).some((no) => l.includes(no)))).toEqual([])

  const { page } = merchant
  const showsTheBooks = async () => {
    for (const [key, [count, amounts]] of Object.entries(expected.tiles)) {
      await page.getByTestId(`tile-${key}-count`).getByText(String(count), { exact: true }).waitFor()
      expect(await page.getByTestId(`tile-${key}-amounts`).textContent()).toBe(amounts)
    }
    await page.getByText(`Approval rate ${expected.rate}`).waitFor()
    await page.locator(".recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value").first().waitFor()
    expect((await ticks(page, "Decline reasons", "y")).sort()).toEqual(DECLINES.map((d) => d.category).sort())
    expect((await ticks(page, "By method", "x")).sort()).toEqual(["apm:sandbox_wallet", "card"])
  }
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await page.goto(`${stack.adminUrl}/acquiring?period=today`)
    await page.getByRole("heading", { name: "Payments overview" }).waitFor()
    await showsTheBooks()
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
  await showsTheBooks()

  // The decline-reason chart's bar for insufficient funds (the chart's second card of bars).
  const reasons = page.locator("div.p-4", { has: page.getByRole("heading", { name: "Decline reasons" }) })
  await reasons.locator(".recharts-bar-rectangle path").first().waitFor()
  const bars = reasons.locator(".recharts-bar-rectangle path")
  const count = await bars.count()
  expect(count).toBe(DECLINES.length)
  for (let i = 0; i < count; i++) {
    await bars.nth(i).click()
    await page.waitForURL((u) => u.pathname.endsWith("/acquiring/payments"))
    if (new URL(page.url()).searchParams.get("category") === "insufficient_funds") break
    await page.goBack()
  }
  await page.getByTestId("payment-row").filter({ hasText: short }).waitFor()
  expect(await page.getByTestId("payment-row").count()).toBe(1)
  await shot(page, "decline-reason-list-dark")

  // A tile leads to its list too: the settled orphan, and nothing else.
  await page.goto(`${stack.adminUrl}/acquiring?period=today`)
  await page.locator('[data-tile="settled_orphans"]').click()
  await page.getByTestId("payment-row").filter({ hasText: mix.orphan }).waitFor()
  expect(await page.getByTestId("payment-row").count()).toBe(1)

  // The Notifications list shows the test delivery as a test.
  await page.goto(`${stack.adminUrl}/acquiring/notifications?order_no=${testNo}`)
  const row = page.getByRole("row").filter({ hasText: testNo })
  await row.getByText("Test", { exact: true }).waitFor()
  await row.getByText("test notification: no payment changed").waitFor()
  expect(merchant.problems).toEqual([])
})
