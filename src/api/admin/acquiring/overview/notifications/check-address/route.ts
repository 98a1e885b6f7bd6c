import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { DEFAULT_NOTIFY_PATH } from "../../../../../../lib/acquiring/options"
import { checkNotifyAddress } from "../../../../../../lib/acquiring/notify-health/check-address"
import { overviewConfigs } from "../../scope"
import { notifyUrlOf } from "../providers"
import type { AdminCheckAddress } from "./validators"

/** Calls the notify URL over real HTTP and reports what the gateway would meet. */
export async function POST(req: AuthenticatedMedusaRequest<AdminCheckAddress>, res: MedusaResponse) {
  const { provider_id, url } = req.validatedBody
  const configs = overviewConfigs(req.scope, provider_id)
  const target = url ?? (configs[0] ? notifyUrlOf(configs[0]) : undefined)
  if (!target) throw new MedusaError(MedusaError.Types.NOT_FOUND, "no acquiring provider is configured")
  const paths = new Set([DEFAULT_NOTIFY_PATH, ...configs.map((c) => c.options.provider.notify_path)])
  // Only a notify route: the check must not make this server call anything else.
  if (!paths.has(new URL(target).pathname))
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `url must end with a notify path (${[...paths].join(", ")})`)
  res.json({ check: await checkNotifyAddress(target) })
}
