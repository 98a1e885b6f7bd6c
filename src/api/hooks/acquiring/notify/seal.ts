import type { ConfigModule, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { acquiringProviderConfigs } from "../../../../lib/acquiring/config"
import { providerGateway } from "../../../../lib/acquiring/gateways"
import { verifyNotification } from "../../../../lib/acquiring/webhook"
import { RESEALED, sealedDelivery } from "../../../../workflows/acquiring/books/seal"
import type { NotifyInput } from "./process"
import type { NotifyReply } from "./replies"

/**
 * A signature binds its delivery (books/seal.ts): once a body verified, its signature with another
 * kind (notify_type) or another payment result (status, …) is refused 401 whatever the fields say. Only a signature that
 * verifies is bound (a forged one binds nothing); the handlers verify every delivery again.
 * A dispute is the exception: the gateway signs the order's fields, so a genuine dispute of an order
 * unchanged since its payment carries that payment's signature. It is answered "unconfirmed", for
 * the dispute handler to record as such (or refuse where no money was taken).
 */
export async function unsealedReply(
  scope: MedusaContainer,
  input: NotifyInput,
): Promise<NotifyReply | "unconfirmed" | undefined> {
  const config = scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE, { allowUnregistered: true }) as
    ConfigModule | undefined
  const account = String(input.body.account_id ?? "")
  // No app config (a bare scope), no account named: nothing verifies here; the handlers still refuse it.
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
