import type { InferTypeOf } from "@medusajs/framework/types"
import type { Dispute, GatewayOrder, Movement, Notification } from "./models/gateway-order"

export type GatewayOrderDTO = InferTypeOf<typeof GatewayOrder>
export type MovementDTO = InferTypeOf<typeof Movement>
export type NotificationDTO = InferTypeOf<typeof Notification>
export type DisputeDTO = InferTypeOf<typeof Dispute>

/** Amounts are decimal strings: bigNumber columns keep every digit; the generated input type says number. */
export type OpenedOrder = Pick<
  GatewayOrderDTO,
  | "order_no"
  | "provider_id"
  | "account_id"
  | "kind"
  | "currency_code"
  | "session_id"
  | "payment_collection_id"
  | "cart_id"
> & {
  amount: string
  page_expires_at?: Date | null
  state?: GatewayOrderDTO["state"]
  payment_method?: string | null
  settings_version?: number
}

export type MovementInput = Pick<MovementDTO, "order_no" | "kind" | "source" | "outcome"> & {
  payment_id?: string | null
  amount?: string | null
  currency_code?: string | null
  answer?: Record<string, unknown> | null
}
