import { mkdirSync } from "node:fs"
import path from "node:path"
import type { Page } from "playwright-core"

/** The shopper's address of the dashboard tests' carts. */
export const ADDRESS = {
  first_name: "Ada",
  last_name: "Lovelace",
  address_1: "Unter den Linden 1",
  city: "Berlin",
  postal_code: "10117",
  country_code: "de",
}

/** A full-page screenshot `<dir>/<name>.png`; its path is printed for the closing note. */
export async function shot(page: Page, dir: string, name: string) {
  mkdirSync(dir, { recursive: true })
  const file = path.join(dir, `${name}.png`)
  await page.screenshot({ path: file, fullPage: true })
  console.log(`screenshot: ${file}`)
}

/** The demo store's Store API, as a storefront calls it (the stack's publishable key). */
export function storeApi(stack: { backendUrl: string }) {
  return async (pathname: string, body?: unknown) => {
    const { publishableKey } = stack as unknown as { publishableKey: string }
    const res = await fetch(stack.backendUrl + pathname, {
      method: body === undefined ? "GET" : "POST",
      headers: { "content-type": "application/json", "x-publishable-api-key": publishableKey },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const data = await res.json()
    if (!res.ok) throw new Error(`${pathname} answered ${res.status}: ${data.message}`)
    return data
  }
}
