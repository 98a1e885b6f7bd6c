import type { AdminPayout } from "../../api/admin/acquiring/payouts/present"
import { sdk } from "./sdk"

export type { AdminPayout }
import { PAYOUT_STATUSES, type PayoutStatus } from "../../modules/payout/statuses"

export { PAYOUT_STATUSES }
export type PayoutStatusFilter = PayoutStatus | ""

export interface PayoutList {
  payouts: AdminPayout[]
  count: number
  limit: number
  offset: number
}

export interface ListFilters {
  status: PayoutStatusFilter
  currency: string
  limit: number
  offset: number
}

const BASE = "/admin/acquiring/payouts"

export function listPayouts(f: ListFilters): Promise<PayoutList> {
  const query: Record<string, string | number> = { limit: f.limit, offset: f.offset }
  if (f.status) query.status = f.status
  if (f.currency.trim()) query.currency = f.currency.trim()
  return sdk.client.fetch<PayoutList>(BASE, { query })
}

export async function getPayout(id: string): Promise<AdminPayout> {
  const { payout } = await sdk.client.fetch<{ payout: AdminPayout }>(`${BASE}/${encodeURIComponent(id)}`)
  return payout
}

export async function createPayout(body: Record<string, unknown>): Promise<AdminPayout> {
  const { payout } = await sdk.client.fetch<{ payout: AdminPayout }>(BASE, { method: "POST", body })
  return payout
}
