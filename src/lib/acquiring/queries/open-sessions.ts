import type { MedusaContainer } from "@medusajs/framework/types"
import { OPEN_SESSION_STATUSES } from "../payment-data"
import { graphOf, type GraphRow } from "./graph"

export interface OpenSessionRows {
  /** Collections with a session waiting for authorisation (orders held for review), of any age. */
  waiting_collection_ids: string[]
  /** Sessions still pending (a cart without an order, a collection without a cart), created since the window's start. */
  open: GraphRow[]
}

/** One read for both repairs: their status sets are disjoint, so neither changes a row the other read. */
export async function openSessionRows(
  container: MedusaContainer,
  since: Date,
  providerIds: string[],
): Promise<OpenSessionRows> {
  const { data } = await graphOf(container).graph({
    entity: "payment_session",
    fields: ["id", "provider_id", "status", "data", "payment_collection_id"],
    filters: {
      provider_id: providerIds,
      $or: [{ status: "pending_authorization" }, { status: OPEN_SESSION_STATUSES, created_at: { $gte: since } }],
    },
  })
  const waiting = data.filter((s) => s.status === "pending_authorization")
  return {
    waiting_collection_ids: [...new Set(waiting.map((s) => s.payment_collection_id as string))],
    open: data.filter((s) => s.status !== "pending_authorization"),
  }
}
