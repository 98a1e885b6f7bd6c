import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { acquiringProviderConfigs } from "../../../../lib/acquiring/config"
import { gatewayOfOrder } from "../../../../lib/acquiring/gateways"
import { confirmedOrder, verifyNotification } from "../../../../lib/acquiring/webhook"
import { sessionIdFromOrderNo } from "../../../../lib/acquiring/order-no"
import { booksOf } from "../../../../modules/acquiring/books-of"
import { settleOrphanWorkflow } from "../../../../workflows/acquiring/books/settle-orphan"
import { replyFor, SUCCESS, type NotifyReply } from "./replies"
import type { NotifyInput } from "./process"

const MONEY_TYPES = new Set(["payment", "review"])

/** From the books' row; for an order the books missed, from the signing account. */
async function providerOf(scope: MedusaContainer, orderNo: string, accountId: unknown): Promise<string | undefined> {
  const [known] = await booksOf(scope).listGatewayOrders({ order_no: orderNo }, { select: ["provider_id"] })
  if (known) return known.provider_id
  const config = scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
  const owner = acquiringProviderConfigs(config).find((c) =>
    c.options.client.accounts.some((a) => a.account_id === String(accountId ?? "")),
  )
  return owner?.provider_ids[0]
}

/** Verified as any other, written into the books if they missed it, then voided or refunded in full. */
export async function handleOrphanNotification(
  scope: MedusaContainer,
  input: NotifyInput,
  orderNo: string,
): Promise<NotifyReply & { changed?: string }> {
  const providerId = await providerOf(scope, orderNo, input.body.account_id)
  const sessionId = sessionIdFromOrderNo(orderNo)
  if (!providerId || !sessionId) return { status: 404, body: "unknown order" }
  try {
    const { client } = await gatewayOfOrder(scope, providerId, orderNo)
    const n = verifyNotification(client, { data: input.body, rawData: input.rawBody ?? "", headers: input.headers })
    if (!MONEY_TYPES.has(n.notify_type)) return { ...SUCCESS, changed: "no live session; nothing to change" }
    const record = await confirmedOrder(client, n)
    await booksOf(scope).recordOpened([
      {
        order_no: orderNo,
        provider_id: providerId,
        account_id: String(n.account_id),
        kind: "unknown",
        amount: String(record.amount),
        currency_code: String(record.currency).toUpperCase(),
        session_id: sessionId,
        payment_collection_id: null,
        cart_id: null,
      },
    ])
    const { result } = await settleOrphanWorkflow(scope).run({
      input: { order_no: orderNo, reason: "its payment session no longer exists" },
    })
    return { ...SUCCESS, changed: result.detail }
  } catch (e) {
    return replyFor(e)
  }
}
