import type { ConfigModule, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { acquiringProviderConfigs } from "../../../../lib/acquiring/config"
import { providerGateway } from "../../../../lib/acquiring/gateways"
import { verifyNotification } from "../../../../lib/acquiring/webhook"
import { RESEALED, sealedDelivery } from "../../../../lib/acquiring/books/seal"
import type { NotifyInput } from "./process"
import type { NotifyReply } from "./replies"

/**
 * A verified signature reused with another kind or result is refused. A genuine dispute may carry its
 * payment's signature (the gateway signs the order's fields): it is answered "unconfirmed".
 */
export async function unsealedReply(
  scope: MedusaContainer,
  input: NotifyInput,
): Promise<NotifyReply | "unconfirmed" | undefined> {
  const config = scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE, { allowUnregistered: true }) as
    ConfigModule | undefined
  const account = String(input.body.account_id ?? "")
  // Nothing verifies here; the handlers still refuse it.
  if (!config?.modules || !account) return undefined
  const owner = acquiringProviderConfigs(config).find((c) =>
    c.options.client.accounts.some((a) => a.account_id === account),
  )
  if (!owner) return undefined
  try {
    const { client } = providerGateway(config, owner.config_id)
    verifyNotification(client, { data: input.body, rawData: input.rawBody ?? "", headers: input.headers })
  } catch {
    return undefined
  }
  const kind = Object.hasOwn(input.body, "notify_type") ? String(input.body.notify_type) : "payment"
  // A refund is confirmed against the gateway's own refund list, and may share a payment's signature.
  if (kind === "refund") return undefined
  if (await sealedDelivery(scope, input.body, kind, input.digest)) return undefined
  return kind === "dispute" ? "unconfirmed" : { status: 401, body: RESEALED }
}
