import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { acquiringOf } from "../../../../../../modules/acquiring"
import { gatewaysFor } from "../../../../../../lib/acquiring/gateways"
import { sendTestNotification } from "../../../../../../lib/acquiring/notify-health/send-test"
import { testNotification } from "../../../../../../lib/acquiring/notify-health/test-notification"
import { overviewConfigs } from "../../scope"
import { notifyUrlOf } from "../providers"
import type { AdminSendTestNotification } from "./validators"

/** Signs a sample with the account's key and POSTs it to the provider's public notify URL, as the gateway would. */
export async function POST(req: AuthenticatedMedusaRequest<AdminSendTestNotification>, res: MedusaResponse) {
  const { provider_id, account_id } = req.validatedBody
  const config = overviewConfigs(req.scope, provider_id)[0]
  if (!config) throw new MedusaError(MedusaError.Types.NOT_FOUND, "no acquiring provider is configured")
  const { options } = gatewaysFor(req.scope)(config.config_id)
  const account = account_id ?? options.client.accounts[0]?.account_id
  if (!options.client.accounts.some((a) => a.account_id === account))
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `account_id ${account} is not an account of ${config.config_id}`,
    )
  const sample = testNotification(options.client, account!)
  const sent = await sendTestNotification(notifyUrlOf(config), sample)
  res.json({ test: { ...sent, recorded: await recorded(req.scope, sent.order_no) } })
}

/** The hook writes its row once its answer is out: waited for briefly, so the admin's next read shows it. */
async function recorded(scope: MedusaContainer, orderNo: string): Promise<boolean> {
  for (let i = 0; i < 20; i++) {
    const rows = await acquiringOf(scope).listNotifications({ order_no: orderNo }, { select: ["id"] })
    if (rows.length) return true
    await new Promise((r) => setTimeout(r, 150))
  }
  return false
}
