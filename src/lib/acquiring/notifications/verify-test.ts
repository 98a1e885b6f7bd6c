import type { ConfigModule, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { acquiringProviderConfigs } from "../config"
import { gatewaysFor } from "../gateways"
import { isTestOrderNo, TEST_CHANGED } from "../notify-health/test-notification"
import { verifyNotification } from "../webhook"
import type { NotifyInput } from "./types"
import { replyFor, SUCCESS, type NotifyReply } from "./replies"

/**
 * The admin's test notification: verified with the named account's key by the order notifications'
 * rule (notify_type is not signed), then acknowledged and recorded; no payment is looked at.
 */
export function verifyTestNotification(scope: MedusaContainer, input: NotifyInput, orderNo: string): NotifyReply {
  if (!isTestOrderNo(orderNo)) return { status: 400, body: "a test notification must name a test order number" }
  const config = scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE) as ConfigModule
  const account = String(input.body.account_id ?? "")
  const gateway = gatewaysFor(scope)
  const owner = acquiringProviderConfigs(config)
    .map((c) => gateway(c.config_id))
    .find((g) => g.options.client.accounts.some((a) => a.account_id === account))
  if (!owner) return { status: 401, body: `account_id ${account || "(none)"} is not a configured account` }
  try {
    verifyNotification(owner.client, { data: { ...input.body, notify_type: "payment" }, rawData: "", headers: {} })
  } catch (e) {
    return replyFor(e)
  }
  return { ...SUCCESS, changed: TEST_CHANGED }
}
