import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MathBN, Modules } from "@medusajs/framework/utils"
import { capturePaymentWorkflow } from "@medusajs/medusa/core-flows"
import { acquiringOptionsFor, isAcquiringProvider } from "../../lib/acquiring-config"
import { lockKey } from "./reconcile-shared/payments"

type PaymentRow = {
  id: string
  provider_id: string
  amount: number
  captured_at?: string | null
  canceled_at?: string | null
  captures?: Array<{ amount: number } | null> | null
}

const PAYMENT_FIELDS = ["id", "provider_id", "amount", "captured_at", "canceled_at", "captures.amount"]

async function orderPayments(container: MedusaContainer, orderId: string): Promise<PaymentRow[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: PAYMENT_FIELDS.map((f) => `payment_collections.payments.${f}`),
    filters: { id: orderId },
  })
  const order = data[0] as { payment_collections?: Array<{ payments?: PaymentRow[] } | null> } | undefined
  return (order?.payment_collections ?? []).flatMap((c) => c?.payments ?? [])
}

async function paymentNow(container: MedusaContainer, id: string): Promise<PaymentRow | undefined> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "payment", fields: PAYMENT_FIELDS, filters: { id } })
  return data[0] as PaymentRow | undefined
}

const remaining = (p: PaymentRow) =>
  MathBN.sub(p.amount, (p.captures ?? []).reduce((s, c) => MathBN.add(s, c?.amount ?? 0), MathBN.convert(0)))

/**
 * capture_mode on_fulfilment: capture what is left of each authorized acquiring payment of
 * the order. Under the payment's cluster-wide lock (the one reconciliation and bulk operations
 * take) and re-read inside it, so a second fulfilment, an admin, bulk or portal capture makes
 * this a no-op (the provider records a portal capture).
 */
export async function captureOnFulfilment(container: MedusaContainer, orderId: string): Promise<string[]> {
  const config = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER) as Logger
  const locking = container.resolve(Modules.LOCKING)
  const captured: string[] = []
  for (const p of await orderPayments(container, orderId)) {
    if (!isAcquiringProvider(p.provider_id)) continue
    if (acquiringOptionsFor(config, p.provider_id)?.provider.capture_mode !== "on_fulfilment") continue
    await locking.execute(
      lockKey(p.id),
      async () => {
        const now = await paymentNow(container, p.id)
        if (!now || now.captured_at || now.canceled_at || MathBN.lte(remaining(now), 0)) return
        try {
          await capturePaymentWorkflow(container).run({ input: { payment_id: p.id, amount: remaining(now).toString() } })
          captured.push(p.id)
        } catch (e) {
          logger.error(`acquiring: capture on fulfilment of payment ${p.id} failed: ${(e as Error).message}`)
        }
      },
      { timeout: 30 },
    )
  }
  return captured
}
