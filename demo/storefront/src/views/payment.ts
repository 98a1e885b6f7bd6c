import type { HttpTypes } from "@medusajs/types"
import { config, sdk } from "../store"

export type PayMethod = "card-redirect" | "card-iframe" | "apm"

/** What the gateway's risk checks read about the shopper's browser (the plugin validates it). */
export function device() {
  return {
    user_agent: navigator.userAgent.slice(0, 1000),
    browser_lang: navigator.language,
    time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    screen_width: window.screen.width,
    screen_height: window.screen.height,
    color_depth: window.screen.colorDepth,
    device_type: "PC" as const,
  }
}

interface HostedData {
  form: { action: string; method: string; fields: Record<string, string> }
  iframe: { allowed: boolean; name: string; min_height: number }
}

/** The gateway's form, posted by the browser to the hosted page (top window or the iFrame). */
function postForm(data: HostedData, target?: string) {
  const form = document.createElement("form")
  form.method = data.form.method || "POST"
  form.action = data.form.action
  if (target) form.target = target
  for (const [name, value] of Object.entries(data.form.fields)) {
    const input = document.createElement("input")
    input.type = "hidden"
    input.name = name
    input.value = value
    form.appendChild(input)
  }
  document.body.appendChild(form)
  form.submit()
}

function showFrame(data: HostedData) {
  if (!data.iframe.allowed)
    throw new Error("The payment provider does not allow its page in an iFrame (option iframe: false)")
  const frame = document.createElement("iframe")
  frame.name = data.iframe.name
  frame.title = "Payment page"
  frame.style.minHeight = `${data.iframe.min_height}px`
  document.getElementById("hosted-frame")!.replaceChildren(frame)
  postForm(data, data.iframe.name)
}

/**
 * Start a payment session with the chosen provider and send the shopper to the gateway.
 * The plugin replaces `data` with a sealed snapshot of the real cart; only device data and
 * the return address go from here. The return page completes the cart.
 */
export async function startPayment(cart: HttpTypes.StoreCart, method: PayMethod) {
  const provider_id = method === "apm" ? config.providers.apm : config.providers.hosted
  const return_url = `${window.location.origin}/return/${cart.id}`
  const { payment_collection } = await sdk.store.payment.initiatePaymentSession(cart, {
    provider_id,
    data: { device: device(), return_url, cancel_url: return_url },
  })
  const session = payment_collection.payment_sessions?.find((s) => s.provider_id === provider_id)
  if (!session) throw new Error(`No payment session for ${provider_id}: is it enabled in the region?`)
  sendToGateway(session.data, method)
}

/** Send the shopper to the gateway: the APM's issuer_url, or the hosted page's form (top window or iFrame). */
export function sendToGateway(sessionData: unknown, method: PayMethod) {
  const data = sessionData as HostedData & { issuer_url?: string }
  if (method === "apm") {
    if (!data.issuer_url) throw new Error("The gateway returned no issuer_url")
    window.location.assign(data.issuer_url)
  } else if (method === "card-iframe") {
    showFrame(data)
  } else {
    postForm(data)
  }
}
