import { getHostedPage } from "./session"
import type { StoreClientInput } from "./client"
import { HostedForm, type IframeSpec, type StartedPayment } from "./schemas"

/** Browser-only helpers: they touch `document` and `window`, so call them from client code. */

/** Posts the gateway's form from a real <form> after checking it (absolute http(s) action, string fields, `origin`). */
export function postForm(form: unknown, opts: { target?: string; origin?: string; doc?: Document } = {}): void {
  const safe = HostedForm.parse(form)
  if (opts.origin && new URL(safe.action).origin !== new URL(opts.origin).origin) {
    throw new Error(`The payment form posts to ${new URL(safe.action).origin}, not to ${opts.origin}`)
  }
  const doc = opts.doc ?? document
  const el = doc.createElement("form")
  el.method = safe.method
  el.action = safe.action
  if (opts.target) el.target = opts.target
  for (const [name, value] of Object.entries(safe.fields)) {
    const input = doc.createElement("input")
    input.type = "hidden"
    input.name = name
    input.value = value
    el.appendChild(input)
  }
  doc.body.appendChild(el)
  el.submit()
}

/** An iFrame named as the provider says, in `container`, with the gateway's form posted into it. */
export function mountHostedFrame(
  container: HTMLElement,
  form: unknown,
  iframe: IframeSpec,
  opts: { title?: string; origin?: string } = {},
): HTMLIFrameElement {
  if (!iframe.allowed) throw new Error("The payment provider does not allow its page in an iFrame (option iframe)")
  const doc = container.ownerDocument
  const frame = doc.createElement("iframe")
  frame.name = iframe.name
  frame.title = opts.title ?? "Payment page"
  frame.style.minHeight = `${iframe.min_height}px`
  container.replaceChildren(frame)
  postForm(form, { target: iframe.name, origin: opts.origin, doc })
  return frame
}

/** On a return page inside the iFrame: reloads it in the top window and returns true. */
export function breakOutOfFrame(win: Window = window): boolean {
  if (!win.top || win.top === win.self) return false
  try {
    win.top.location.href = win.location.href
  } catch {
    // A top window that refuses navigation: open the return page there instead.
    win.open(win.location.href, "_top")
  }
  return true
}

/** Sends the shopper to the APM's issuer_url, or posts the hosted page to the top window or an iFrame. */
export async function sendShopper(
  client: StoreClientInput,
  started: StartedPayment,
  opts: { mode?: "redirect" | "iframe"; container?: HTMLElement; win?: Window } = {},
): Promise<void> {
  const win = opts.win ?? window
  if (started.kind === "apm") return win.location.assign(started.issuer_url)
  const page = started.page ?? (await getHostedPage(client, started))
  if (opts.mode === "iframe") {
    if (!opts.container) throw new Error("sendShopper: an iFrame needs a container element")
    mountHostedFrame(opts.container, page.form, started.iframe)
    return
  }
  postForm(page.form, { doc: win.document })
}
