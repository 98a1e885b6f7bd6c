import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { ConfigModule } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { acquiringProviderConfigs } from "../../../../lib/acquiring/config"
import { presentConfig } from "./present"

/** Configured acquiring providers, accounts and currencies (no keys). */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const config = req.scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE) as ConfigModule
  res.json({ providers: acquiringProviderConfigs(config).map(presentConfig) })
}
