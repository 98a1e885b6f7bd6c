import type { HttpTypes } from "@medusajs/framework/types"
import {
  CARD_BRANDS,
  collectDevice,
  methodDisplay,
  sendShopper,
  type OfferedMethod,
  describeSavedCard,
  startPaymentSession,
  withCardChoice,
  type CardChoice,
  type SavedCard,
  type StartedPayment,
} from "../kit"
import { config, sdk } from "../store"
import { esc } from "../dom"

export type PayMethod = "card-redirect" | "card-iframe" | "apm"

/** The APM method the demo's provider is configured with (medusa-config.ts), unless the store offers another. */
let APM_METHOD = "sandbox_wallet"

const providerOf = (method: PayMethod) => (method === "apm" ? config.providers.apm : config.providers.hosted)

const img = (url: string, alt: string) => `<img src="${esc(url)}" alt="${esc(alt)}" height="24">`

/**
 * The radio buttons of the payment step. With the store's offer for the cart (its titles, logos and
 * eligibility), only what it offers; without one (a payment link has no cart), the kit's names and logos.
 */
export function methodChoices(offered?: readonly OfferedMethod[]): string {
  const choice = (value: PayMethod, label: string, logos: string, checked = false) =>
    `<label class="choice"><input type="radio" name="method" value="${value}" id="method-${value}" ${checked ? "checked" : ""}> ${label} <span class="logos">${logos}</span></label>`
  if (offered) {
    const card = offered.find((m) => m.provider_id === config.providers.hosted)
    const apm = offered.find((m) => m.provider_id === config.providers.apm)
    if (apm?.payment_method) APM_METHOD = apm.payment_method
    const brands = card ? card.brands.map((b) => img(b.logo_url, b.brand)).join(" ") : ""
    return [
      ...(card
        ? [
            choice("card-redirect", `${esc(card.title)}, on the gateway's page (redirect)`, brands, true),
            choice("card-iframe", `${esc(card.title)}, on the gateway's page inside this page (iFrame)`, brands),
          ]
        : []),
      ...(apm
        ? [choice("apm", `${esc(apm.title)} (alternative payment method)`, img(apm.logo_url, apm.title), !card)]
        : []),
    ].join("\n")
  }
  const card = methodDisplay(config.providers.hosted)!
  const apm = methodDisplay(config.providers.apm, APM_METHOD)!
  const brands = Object.values(CARD_BRANDS)
    .map((b) => b.svg)
    .join(" ")
  return [
    choice("card-redirect", `${esc(card.name)}, on the gateway's page (redirect)`, brands, true),
    choice("card-iframe", `${esc(card.name)}, on the gateway's page inside this page (iFrame)`, brands),
    choice("apm", `${esc(apm.name)} (alternative payment method)`, apm.svg),
  ].join("\n")
}

/**
 * For a logged-in customer: the saved cards (radio buttons, with "A new card"), and "Save this
 * card" for a new one. Guests see nothing of it. Applies to the card methods, not the APM.
 */
export function cardChoices(cards: readonly SavedCard[]): string {
  const saved = cards
    .map(
      (c) =>
        `<label class="choice"><input type="radio" name="card" value="${esc(c.id)}" id="card-${esc(c.id)}" data-last4="${esc(c.last4)}"> ${esc(describeSavedCard(c))}</label>`,
    )
    .join("\n")
  return `<fieldset id="card-choice"><legend>Card</legend>${saved}
<label class="choice"><input type="radio" name="card" value="new" id="card-new" checked> A new card</label>
<label class="choice" id="save-card-row"><input type="checkbox" id="save-card"> Save this card for my next purchases</label></fieldset>`
}

/** Hides "Save this card" while a saved card is chosen. */
export function wireCardChoices() {
  const sync = () => {
    const row = document.getElementById("save-card-row")
    const picked = document.querySelector<HTMLInputElement>("input[name=card]:checked")
    if (row) row.style.display = picked?.value === "new" ? "" : "none"
  }
  document.querySelectorAll("input[name=card]").forEach((i) => i.addEventListener("change", sync))
  sync()
}

/** What the customer chose in cardChoices; undefined for a guest (no choice shown). */
export function readCardChoice(): CardChoice | undefined {
  const picked = document.querySelector<HTMLInputElement>("input[name=card]:checked")
  if (!picked) return undefined
  if (picked.value !== "new") return { kind: "saved_card", payment_method_id: picked.value }
  return { kind: "new_card", save: Boolean(document.querySelector<HTMLInputElement>("#save-card")?.checked) }
}

/**
 * Starts a session (the kit adds the shopper's device data; the plugin seals the real cart or
 * order) and sends the shopper to the gateway. The return page completes the cart.
 */
export async function startPayment(
  target: { cart: HttpTypes.StoreCart } | { payment_collection_id: string },
  method: PayMethod,
  return_url: string,
  card?: CardChoice,
): Promise<StartedPayment> {
  // The card choice goes into the session's data (save_card / payment_method_id); the APM takes none.
  const client = card && method !== "apm" ? withCardChoice(sdk.client, card) : sdk.client
  const started = await startPaymentSession(client, {
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
