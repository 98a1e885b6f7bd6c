import type { GatewayClient } from "../../../gateway/client-types"
import type { Notification } from "../../../gateway/schemas/notification"
import { MedusaError } from "@medusajs/framework/utils"
import { verifyNotification } from "../webhook"
import type { NotifyInput } from "./types"

/** Its kind and order must be those the route dispatched on, read from the parsed body. */
export function verifiedNotice(
  client: GatewayClient,
  input: NotifyInput,
  kind: Notification["notify_type"],
  orderNo: string,
): Notification {
  const n = verifyNotification(client, { data: input.body, rawData: input.rawBody ?? "", headers: input.headers })
  if (n.notify_type !== kind || String(n.order_no) !== orderNo) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      "acquiring notification: the raw body differs from the parsed one",
    )
  }
  return n
}
