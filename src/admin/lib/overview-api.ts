import type { Overview } from "../../lib/acquiring/overview/build"
import type { ProviderHealth } from "../../lib/acquiring/notify-health/fold"
import type { AddressCheck } from "../../lib/acquiring/notify-health/check-address"
import type { TestSend } from "../../lib/acquiring/notify-health/send-test"
import type { OverviewListRow } from "../../lib/acquiring/queries/overview-list"
import { minorUnitDigits } from "../../gateway/currencies"
import { sdk } from "./sdk"

export type { AddressCheck, Overview, OverviewListRow, ProviderHealth, TestSend }

const BASE = "/admin/acquiring/overview"

/** The overview's period and provider, as the URL's search keeps them (every link carries them on). */
export interface OverviewScope {
  period: string
  from?: string
  to?: string
  provider_id?: string
}

const defined = (q: Record<string, string | number | undefined>) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== "")) as Record<string, string>

export const getOverview = (s: OverviewScope) =>
  sdk.client.fetch<{ overview: Overview }>(BASE, { query: defined({ ...s }) })

export const listOverviewPayments = (q: Record<string, string>, limit: number, offset: number) =>
  sdk.client.fetch<{ payments: (Omit<OverviewListRow, "created_at"> & { created_at: string })[]; count: number }>(
    `${BASE}/payments`,
    { query: { ...q, limit, offset } },
  )

export const getNotificationHealth = () => sdk.client.fetch<{ providers: ProviderHealth[] }>(`${BASE}/notifications`)

export const checkNotifyAddress = (provider_id?: string) =>
  sdk.client.fetch<{ check: AddressCheck }>(`${BASE}/notifications/check-address`, {
    method: "POST",
    body: defined({ provider_id }),
  })

export const sendTestNotification = (provider_id?: string) =>
  sdk.client.fetch<{ test: TestSend }>(`${BASE}/notifications/test`, {
    method: "POST",
    body: defined({ provider_id }),
  })

/** The list behind a tile or bar: the overview's scope and the figure's own filter. */
export const listLink = (s: OverviewScope, filter: Record<string, string>) =>
  `/acquiring/payments?${new URLSearchParams(defined({ ...s, ...filter })).toString()}`

/** An exact decimal at the currency's minor units ("17.4" EUR: "17.40", "500" JPY: "500"); never rounded. */
export function showAmount(value: string, currency: string): string {
  const [whole, fraction = ""] = value.split(".")
  const digits = minorUnitDigits(currency)
  return fraction.length >= digits ? value : `${whole}.${fraction.padEnd(digits, "0")}`
}

/** "12.50 EUR · 3 USD": each currency apart, never summed together. */
export const formatAmounts = (amounts: Record<string, string>) =>
  Object.entries(amounts)
    .map(([c, v]) => `${showAmount(v, c)} ${c}`)
    .join(" · ") || "0"
