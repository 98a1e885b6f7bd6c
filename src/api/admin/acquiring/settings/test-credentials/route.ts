import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { ConfigModule } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { createGatewayClient } from "../../../../../gateway"
import { isGatewayError } from "../../../../../gateway/errors"
import { acquiringProviderConfigs } from "../../../../../lib/acquiring/config"
import type { AdminTestCredentials } from "../validators"

/** An order number no shop uses: the check only needs the gateway to accept the signed query. */
const PROBE_ORDER = "CREDENTIALCHECK0"

/**
 * "Test credentials": one signed retrievalTrans per account. Accepted (return_status 1) means
 * merchant id, account id, sign key and registered IP are right; the answer names what failed.
 */
export async function POST(req: AuthenticatedMedusaRequest<AdminTestCredentials>, res: MedusaResponse) {
  const { config_id } = req.validatedBody
  const config = req.scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE) as ConfigModule
  const configs = acquiringProviderConfigs(config).filter((c) => !config_id || c.config_id === config_id)
  if (!configs.length)
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `config_id: no acquiring provider with id ${config_id}`)
  const results = []
  for (const c of configs) {
    const client = createGatewayClient(c.options.clientInput as never)
    for (const a of c.options.client.accounts) {
      const started = Date.now()
      try {
        await client.retrieveTransactions({ orders: [PROBE_ORDER] }, { account_id: a.account_id })
        results.push({ config_id: c.config_id, account_id: a.account_id, ok: true, ms: Date.now() - started })
      } catch (e) {
        const err = isGatewayError(e)
          ? { kind: e.kind, code: e.code ?? null, message: e.message }
          : { kind: "unknown", code: null, message: String((e as Error).message) }
        results.push({
          config_id: c.config_id,
          account_id: a.account_id,
          ok: false,
          ms: Date.now() - started,
          error: err,
        })
      }
    }
  }
  res.json({ ok: results.every((r) => r.ok), results })
}
