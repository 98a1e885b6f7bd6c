import type { FilterablePaymentProps, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import type { GraphRow } from "./graph"
import { PAGE_FIELDS, viewsOfRows } from "./payment-pages"
import type { PaymentView } from "./payments"

const CHUNK = 1000
/** Canceled ones too: a kept authorisation leads to its adopter, and the caller skips the settled. */
const FIELDS = [...PAGE_FIELDS, "canceled_at"]

/**
 * Payments with a capture or refund row written since `since`: the only ones that can hold an
 * unconfirmed row of an interrupted call, whatever the gateway says.
 */
export async function paymentsWithMoneyRows(container: MedusaContainer, since: Date): Promise<string[]> {
  const payments = container.resolve(Modules.PAYMENT)
  const config = { select: ["id", "payment_id"] }
  const [captures, refunds] = await Promise.all([
    payments.listCaptures({ created_at: { $gte: since } } as never, config),
    payments.listRefunds({ created_at: { $gte: since } } as never, config),
  ])
  return [...new Set([...captures, ...refunds].map((r) => (r as GraphRow).payment_id as string))]
}

/** Payment views matching `filters`, `key` (a list) read a thousand at a time. */
async function viewsWhere(
  container: MedusaContainer,
  key: "id" | "payment_session_id",
  values: string[],
  filters: Record<string, unknown>,
): Promise<PaymentView[]> {
  const payments = container.resolve(Modules.PAYMENT)
  const unique = [...new Set(values)]
  const out: PaymentView[] = []
  for (let i = 0; i < unique.length; i += CHUNK) {
    // provider_id, payment_session_id and canceled_at are columns the module filters on but its filter type does not list.
    const where = { ...filters, [key]: unique.slice(i, i + CHUNK) } as unknown as FilterablePaymentProps
    const rows = (await payments.listPayments(where, { select: FIELDS, order: { id: "ASC" } })) as GraphRow[]
    out.push(...(await viewsOfRows(container, rows)))
  }
  return out
}

/** Open payments of these providers and ids, created since `since` (the window a full run covers). */
export const openPaymentsByIds = (container: MedusaContainer, ids: string[], providerIds: string[], since: Date) =>
  viewsWhere(container, "id", ids, { provider_id: providerIds, canceled_at: null, created_at: { $gte: since } })

/**
 * Every payment carrying these gateway orders' sessions: the opener's, and the adopter's of a kept
 * authorisation after an order edit (its own session, named in the kept payment's data).
 */
export async function paymentsOfSessions(container: MedusaContainer, sessionIds: string[]): Promise<PaymentView[]> {
  if (!sessionIds.length) return []
  const first = await viewsWhere(container, "payment_session_id", sessionIds, {})
  const adopters = first.flatMap((p) => p.data?.kept_authorisation?.adopted_by_session ?? [])
  return adopters.length ? [...first, ...(await viewsWhere(container, "payment_session_id", adopters, {}))] : first
}
