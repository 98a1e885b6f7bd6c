import type { WebhookActionResult } from "@medusajs/framework/types"
import type { DisputeNotice } from "../disputes"
import type { NoticeTarget } from "../queries/notice-payment"
import type { NotifyReply } from "./replies"

export interface NotifyInput {
  body: Record<string, unknown>
  rawBody?: Buffer
  headers: Record<string, unknown>
  /** The delivery's digest as received, when its body is a stored copy ("Process again"). */
  digest?: string
  /** A dispute whose signature came first on another kind of notification of the order. */
  unconfirmed?: boolean
}

export interface NotifySession {
  id: string
  provider_id: string
  amount: number
  currency_code: string
  payment_collection_id: string
  status?: string
  /** The provider's session data (its amount_rounding says how the amount was sent). */
  data?: Record<string, unknown> | null
}

/** A row the books missed, for an order whose session Medusa deleted. */
export interface OrphanOpened {
  order_no: string
  provider_id: string
  account_id: string
  amount: string
  currency_code: string
  session_id: string
  /** The version whose key verified it: the books missed the order, so its later calls use this one. */
  settings_version?: number
}

/** A delivery once verified: its kind is the signed one, or the answer is already known. */
export type VerifiedNotification =
  | { kind: "answered"; reply: NotifyReply }
  | { kind: "payment"; order_no: string; session: NotifySession; result: WebhookActionResult }
  | { kind: "decline"; session: NotifySession; reason: unknown }
  | { kind: "refund"; order_no: string; session: NotifySession; target: NoticeTarget | null; named?: string }
  | { kind: "dispute"; order_no: string; target: NoticeTarget; notice: DisputeNotice }
  | { kind: "orphan"; opened: OrphanOpened }

export type NotificationKind = VerifiedNotification["kind"]
