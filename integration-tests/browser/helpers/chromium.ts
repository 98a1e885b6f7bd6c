import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { chromium, type BrowserContext, type Page } from "playwright-core"

// Debian's /usr/bin/chromium when installed, else the one packed in the npm package
// @sparticuz/chromium (scripts/chromium.js); never a browser downloaded by a test tool.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { findChromium } = require("../../../scripts/chromium")
let found: { executablePath: string; env: Record<string, string>; source: string } | undefined
/** The Chromium in use (found once per test file). */
export function chromiumInUse() {
  return (found ??= findChromium({ log: (l: string) => console.error(l) }))
}
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
]

export interface Person {
  page: Page
  context: BrowserContext
  /** Page errors and failed requests seen, for failure messages. */
  problems: string[]
  /** What the page logged with console.error (the dashboard logs some of its own; tests filter). */
  consoleErrors: string[]
  close(): Promise<void>
}

/** A new person: a fresh browser profile (--user-data-dir), so no cart or cookie is shared. */
export async function newPerson(): Promise<Person> {
  const profile = mkdtempSync(path.join(tmpdir(), "acq-chromium-"))
  const browser = chromiumInUse()
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: browser.executablePath,
    env: { ...process.env, ...browser.env },
    headless: true,
    args: FLAGS,
    viewport: { width: 1280, height: 900 },
    locale: "de-DE",
    timezoneId: "Europe/Berlin",
  })
  const page = context.pages()[0] ?? (await context.newPage())
  page.setDefaultTimeout(60_000)
  const problems: string[] = []
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`))
  const consoleErrors: string[] = []
  page.on("console", (m) => m.type() === "error" && consoleErrors.push(m.text()))
  return {
    page,
    context,
    problems,
    consoleErrors,
    async close() {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    },
  }
}

/** A new person for each test of the file, closed after it (the same object, refilled each time). */
export function usePersonPerTest(): Person {
  const person = {} as Person
  beforeEach(async () => {
    Object.assign(person, await newPerson())
  })
  afterEach(async () => {
    // ACQ_BROWSER_DEBUG=1: a picture of where the person was when the test ended.
    if (process.env.ACQ_BROWSER_DEBUG) {
      const state = (expect as unknown as { getState(): { currentTestName?: string } }).getState()
      const name = (state.currentTestName ?? "x").slice(0, 20).replace(/\W/g, "_")
      await person.page?.screenshot({ path: `/tmp/${name}.png`, fullPage: true }).catch(() => {})
    }
    await person.close?.()
  })
  return person
}

/**
 * A merchant logged into the demo stack's dashboard for the whole file (call after useDemoStack, whose
 * object is filled by then). The first visit makes Vite prepare the dashboard: allowed the time it takes.
 */
export function useMerchant(stack: { adminUrl: string; admin: { email: string; password: string } }): Person {
  const merchant = {} as Person
  beforeAll(async () => {
    Object.assign(merchant, await newPerson())
    merchant.page.setDefaultTimeout(300_000)
    await logIn(merchant.page, stack.adminUrl, stack.admin)
    merchant.page.setDefaultTimeout(60_000)
  }, 600_000)
  afterAll(async () => {
    await merchant.close?.()
  }, 60_000)
  return merchant
}

async function logIn(page: Page, adminUrl: string, creds: { email: string; password: string }) {
  await page.goto(`${adminUrl}/login`)
  await page.fill("input[name=email]", creds.email)
  await page.fill("input[name=password]", creds.password)
  await page.click("button[type=submit]")
  await page.waitForURL((u) => !u.pathname.endsWith("/login"))
}
