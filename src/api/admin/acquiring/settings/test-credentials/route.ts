import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { ConfigModule } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { acquiringProviderConfigs } from "../../../../../lib/acquiring/config"
import { latestOptions } from "../../../../../lib/acquiring/settings/current"
import { diagnose, type AccountCheck, type ConfigDiagnosis } from "../diagnose"
import type { AdminTestCredentials } from "../validators"

/** Per account a signed retrievalTrans of an order that cannot exist; `checkout` adds a test checkout. */
export async function POST(req: AuthenticatedMedusaRequest<AdminTestCredentials>, res: MedusaResponse) {
  const { config_id, checkout = false } = req.validatedBody
  const config = req.scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE) as ConfigModule
  const configs = acquiringProviderConfigs(config).filter((c) => !config_id || c.config_id === config_id)
  if (!configs.length)
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `config_id: no acquiring provider with id ${config_id}`)
  const results: AccountCheck[] = []
  const diagnoses: ConfigDiagnosis[] = []
  for (const c of configs) {
    // The settings as they count now: the newest saved version over medusa-config.ts.
    const options = (await latestOptions(req.scope, c.config_id)) ?? c.options
    const { diagnosis, accounts } = await diagnose({ ...c, options }, checkout)
    results.push(...accounts)
    diagnoses.push(diagnosis)
  }
  res.json({ ok: diagnoses.every((d) => d.ok), results, diagnoses })
}
