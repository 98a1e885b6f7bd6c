import type { HttpTypes } from "@medusajs/framework/types"
import {
  CARD_BRANDS,
  collectDevice,
  methodDisplay,
  sendShopper,
  startPaymentSession,
  type StartedPayment,
} from "../kit"
import { config, sdk } from "../store"
import { esc } from "../dom"

export type PayMethod = "card-redirect" | "card-iframe" | "apm"

/** The APM method the demo's provider is configured with (medusa-config.ts). */
const APM_METHOD = "sandbox_wallet"

const providerOf = (method: PayMethod) => (method === "apm" ? config.providers.apm : config.providers.hosted)

/** The radio buttons of the payment step, with the kit's names and logos. */
export function methodChoices(): string {
  const card = methodDisplay(config.providers.hosted)!
  const apm = methodDisplay(config.providers.apm, APM_METHOD)!
  const brands = Object.values(CARD_BRANDS)
    .map((b) => b.svg)
    .join(" ")
  const choice = (value: PayMethod, label: string, logos: string, checked = false) =>
    `<label class="choice"><input type="radio" name="method" value="${value}" id="method-${value}" ${checked ? "checked" : ""}> ${label} <span class="logos">${logos}</span></label>`
  return [
    choice("card-redirect", `${esc(card.name)}, on the gateway's page (redirect)`, brands, true),
    choice("card-iframe", `${esc(card.name)}, on the gateway's page inside this page (iFrame)`, brands),
    choice("apm", `${esc(apm.name)} (alternative payment method)`, apm.svg),
  ].join("\n")
}

/**
 * Starts a session (the kit adds the shopper's device data; the plugin seals the real cart or
 * order) and sends the shopper to the gateway. The return page completes the cart.
 */
export async function startPayment(
  target: { cart: HttpTypes.StoreCart } | { payment_collection_id: string },
  method: PayMethod,
  return_url: string,
): Promise<StartedPayment> {
  const started = await startPaymentSession(sdk.client, {
    ...("cart" in target
      ? { cart: { id: target.cart.id, payment_collection: target.cart.payment_collection ?? null } }
      : target),
    provider_id: providerOf(method),
    return_url,
    device: collectDevice(),
    ...(method === "apm" ? { payment_method: APM_METHOD } : {}),
  })
  await sendShopper(sdk.client, started, {
    mode: method === "card-iframe" ? "iframe" : "redirect",
    container: document.getElementById("hosted-frame") ?? undefined,
  })
  return started
}
