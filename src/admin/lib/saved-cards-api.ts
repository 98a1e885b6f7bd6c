import { sdk } from "./sdk"

/** Never the token. */
export interface AdminSavedCard {
  id: string
  brand: string
  last4: string
  exp_month: number
  exp_year: number
  created_at: string
}

const base = (customerId: string) => `/admin/acquiring/customers/${encodeURIComponent(customerId)}/saved-cards`

export const listCustomerSavedCards = (customerId: string) =>
  sdk.client.fetch<{ saved_cards: AdminSavedCard[] }>(base(customerId))

export const deleteCustomerSavedCard = (customerId: string, cardId: string) =>
  sdk.client.fetch<{ id: string; object: "saved_card"; deleted: true }>(
    `${base(customerId)}/${encodeURIComponent(cardId)}`,
    { method: "DELETE" },
  )

/** "12/29": the month and the year's last two digits, as printed on the card. */
export const expiryOf = (c: Pick<AdminSavedCard, "exp_month" | "exp_year">) =>
  `${String(c.exp_month).padStart(2, "0")}/${String(c.exp_year % 100).padStart(2, "0")}`
