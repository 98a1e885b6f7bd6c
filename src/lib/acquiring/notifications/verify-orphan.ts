import type { ConfigModule, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { acquiringProviderConfigs, type AcquiringProviderConfig } from "../config"
import { gatewayOfOrder } from "../gateways"
import { confirmedOrder, verifyNotification } from "../webhook"
import { MONEY_TYPES } from "./kinds"
import { replyFor, SUCCESS } from "./replies"
import type { NotifyInput, VerifiedNotification } from "./types"

/** The provider entry of medusa-config whose accounts include the one named. */
export const accountOwnerOf = (config: ConfigModule, accountId: unknown): AcquiringProviderConfig | undefined =>
  acquiringProviderConfigs(config).find((c) =>
    c.options.client.accounts.some((a) => a.account_id === String(accountId ?? "")),
  )

/** The provider of an order the books missed: the one whose account signs it. */
export function signingProviderOf(scope: MedusaContainer, accountId: unknown): string | undefined {
  const config = scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE) as ConfigModule
  return accountOwnerOf(config, accountId)?.provider_ids[0]
}

/** Verified as any other; only money (a payment or review result) is confirmed and given back. */
export async function verifyOrphan(
  scope: MedusaContainer,
  input: NotifyInput,
  orderNo: string,
  sessionId: string,
  providerId: string,
): Promise<VerifiedNotification> {
  try {
    const { client } = await gatewayOfOrder(scope, providerId, orderNo)
    const n = verifyNotification(client, { data: input.body, rawData: input.rawBody ?? "", headers: input.headers })
    if (!MONEY_TYPES.has(n.notify_type))
      return { kind: "answered", reply: { ...SUCCESS, changed: "no live session; nothing to change" } }
    const record = await confirmedOrder(client, n)
    const opened = {
      order_no: orderNo,
      provider_id: providerId,
      account_id: String(n.account_id),
      amount: String(record.amount),
      currency_code: String(record.currency).toUpperCase(),
      session_id: sessionId,
    }
    return { kind: "orphan", opened }
  } catch (e) {
    return { kind: "answered", reply: replyFor(e) }
  }
}
