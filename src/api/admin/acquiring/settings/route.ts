import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { ConfigModule } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { acquiringProviderConfigs } from "../../../../lib/acquiring/config"
import { latestOptions } from "../../../../lib/acquiring/settings/current"
import { presentConfig } from "./present"

export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const config = req.scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE) as ConfigModule
  const providers = []
  for (const c of acquiringProviderConfigs(config))
    providers.push(presentConfig({ ...c, options: (await latestOptions(req.scope, c.config_id)) ?? c.options }))
  res.json({ providers })
}
