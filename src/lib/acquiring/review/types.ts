import type { OrderRecord } from "../../../gateway/schemas/transactions"
import type { Decision } from "./map"
import type { OrderSession } from "../queries/review-sessions"

export interface ReviewDecisionInput {
  order_id: string
  decision: Decision
}

export interface ReviewOutcome {
  order_id: string
  decision: Decision
  status: "accepted" | "rejected" | "already_decided" | "failed" | "not_found"
  order_no?: string
  transaction_id?: string
  error?: string
}

/** A decision the gateway can take or already took: its order's session and gateway record. */
export interface PlannedReview {
  input: ReviewDecisionInput
  session: OrderSession
  record: OrderRecord
}
