import { parse } from "node-html-parser"

/** One HTTP step of a browser: a form POST with redirects left to the caller. */
export interface Page {
  status: number
  location?: string
  html: string
}

export async function postForm(url: string, fields: Record<string, string>): Promise<Page> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  })
  return { status: res.status, location: res.headers.get("location") ?? undefined, html: await res.text() }
}

export async function getPage(url: string): Promise<Page> {
  const res = await fetch(url, { redirect: "manual" })
  return { status: res.status, location: res.headers.get("location") ?? undefined, html: await res.text() }
}

/** The first form of a page: its action and the values of its named inputs. */
export function formOf(html: string, base: string): { action: string; fields: Record<string, string> } {
  const form = parse(html).querySelector("form")
  if (!form) throw new Error(`no form on the page: ${html.slice(0, 200)}`)
  const fields: Record<string, string> = {}
  for (const i of form.querySelectorAll("input")) {
    const name = i.getAttribute("name")
    if (name && i.getAttribute("type") !== "submit") fields[name] = i.getAttribute("value") ?? ""
  }
  return { action: new URL(form.getAttribute("action") ?? "", base).toString(), fields }
}

export interface HostedForm {
  action: string
  method: string
  fields: Record<string, string>
}

/**
 * Follow the hosted page as a browser would: post the session's form to the gateway, fill the
 * card page, answer a 3-D Secure challenge if one comes, and stop at the redirect back to the shop.
 */
export async function payOnHostedPage(
  form: HostedForm,
  card: { number: string; code?: string; action?: "pay" | "cancel" },
): Promise<{ returnedTo?: string; last: Page; challenged: boolean }> {
  let page = await postForm(form.action, form.fields)
  if (page.status !== 200) throw new Error(`hosted page answered ${page.status}: ${page.html.slice(0, 200)}`)
  const cardForm = formOf(page.html, form.action)
  page = await postForm(cardForm.action, {
    card_number: card.number,
    expiry: `12/${String(new Date().getUTCFullYear() + 3).slice(-2)}`,
    cvv: "123",
    card_holder: "Test Shopper",
    action: card.action ?? "pay",
  })
  let challenged = false
  if (page.status === 200 && /name="code"/.test(page.html)) {
    challenged = true
    const challenge = formOf(page.html, cardForm.action)
    page = await postForm(challenge.action, { ...challenge.fields, code: card.code ?? "1234" })
  }
  return { returnedTo: page.location, last: page, challenged }
}
