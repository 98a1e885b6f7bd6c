import type { MedusaContainer } from "@medusajs/framework/types"
import type { OrderRecord } from "../../../gateway/schemas/transactions"
import type { AcquiringProviderConfig } from "../config"
import { orderRecords } from "../gateways"
import { graphOf } from "../queries/graph"
import { livePaymentsCarrying } from "../queries/medusa-owner"
import type { GatewayOrderDTO } from "../../../modules/acquiring"
import { ahead, pagesAhead } from "../../ahead"
import { pushTo } from "../../push-to"
import { acquiringOf } from "../../../modules/acquiring"
import { closedDetail } from "./closed-detail"
import { orphanAction } from "./orphan-action"
import { dataOfOrder } from "./orphan"

export const BOOKS_PAGE = 1000
const FOLLOW_FIELDS = [
  "id",
  "order_no",
  "provider_id",
  "account_id",
  "kind",
  "amount",
  "raw_amount",
  "currency_code",
  "session_id",
  "page_expires_at",
  "settings_version",
]
const PAID_SESSION = new Set(["authorized", "captured"])
const ORPHAN_REASON = "its payment session no longer exists"

export interface FollowReport {
  checked: number
  attached: number
  closed: number
  /** Sessions gone, the gateway's money to void, refund or report: the orphan workflow settles each. */
  orphans: Array<{ order_no: string; reason: string }>
}

/**
 * Every open gateway order of one provider config: attached once a payment carries it, listed as an
 * orphan when its session is gone and the gateway may hold money, closed when it can no longer be paid.
 */
export async function followOpenOrders(
  scope: MedusaContainer,
  config: AcquiringProviderConfig,
  since: Date,
): Promise<FollowReport> {
  const report: FollowReport = { checked: 0, attached: 0, closed: 0, orphans: [] }
  const read = (after?: string) =>
    acquiringOf(scope).openGatewayOrdersPage(
      { provider_ids: config.provider_ids, since, after, take: BOOKS_PAGE },
      FOLLOW_FIELDS,
    )
  const nextKey = (page: GatewayOrderDTO[]) => (page.length === BOOKS_PAGE ? page[page.length - 1].id : undefined)
  const marks: Promise<number>[] = []
  for await (const page of pagesAhead(read, nextKey)) {
    report.checked += page.length
    if (page.length) await followPage(scope, config, page, report, marks)
  }
  await Promise.all(marks)
  return report
}

async function followPage(
  scope: MedusaContainer,
  config: AcquiringProviderConfig,
  page: GatewayOrderDTO[],
  report: FollowReport,
  marks: Promise<number>[],
) {
  const { data: sessions } = await graphOf(scope).graph({
    entity: "payment_session",
    fields: ["id", "status"],
    filters: { id: page.map((o) => o.session_id) },
  })
  const status = new Map(sessions.map((s) => [s.id as string, s.status as string]))
  const missing = page.filter((o) => !status.has(o.session_id))
  // Medusa's truth, not the session row: a payment outlives a deleted session and keeps its money.
  const carried = await livePaymentsCarrying(scope, missing)
  const attached = page.filter((o) => PAID_SESSION.has(status.get(o.session_id) ?? "") || carried.has(o.order_no))
  const gone = missing.filter((o) => !carried.has(o.order_no))
  const books = acquiringOf(scope)
  marks.push(ahead(books.markAttached(attached.map((o) => o.id))))
  report.attached += attached.length
  if (!gone.length) return
  const records = await orderRecords(
    scope,
    config.provider_ids[0],
    gone.map((o) => ({ ...dataOfOrder(o), settings_version: o.settings_version })),
  )
  const close = new Map<string, string[]>()
  for (const order of gone) {
    const record = records.get(order.order_no)
    const action = decide(order, record, config)
    if (action === "close") pushTo(close, closedDetail(record), order.id)
    else if (action !== "wait") report.orphans.push({ order_no: order.order_no, reason: ORPHAN_REASON })
  }
  for (const [detail, ids] of close) {
    await books.updateGatewayOrders({
      selector: { id: ids },
      data: { state: "closed", orphan_reason: ORPHAN_REASON, settlement_detail: detail },
    })
    report.closed += ids.length
  }
}

function decide(order: GatewayOrderDTO, record: OrderRecord | undefined, config: AcquiringProviderConfig) {
  const expired = !!order.page_expires_at && new Date(order.page_expires_at).getTime() < Date.now()
  return orphanAction(record, expired, config.options.provider.status_map)
}
