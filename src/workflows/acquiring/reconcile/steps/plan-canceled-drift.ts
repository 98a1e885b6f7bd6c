import type { MedusaContainer } from "@medusajs/framework/types"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { GATEWAY_CAPTURED } from "../../../../lib/acquiring/batch"
import { gatewayOfOrder, recordsByOrderNo, refundsByOrderNo } from "../../../../lib/acquiring/gateways"
import { isKept } from "../../../../lib/acquiring/kept"
import type { CanceledPayment } from "../../../../lib/acquiring/queries/canceled-orders"
import { paymentById } from "../../../../lib/acquiring/queries/payments"
import { canceledError, type CanceledCheck, type CanceledDrift } from "../../../../lib/acquiring/reconcile/canceled"
import { gatewayRef, settled } from "../../../../lib/acquiring/reconcile/drift"
import type { PlannedItem } from "../../../../lib/acquiring/items/record-item"
import { planPayment } from "./plan-payment-drift"

/** The gateway's record of one canceled order's payment, and what Medusa must record of it first. */
async function check(container: MedusaContainer, item: CanceledPayment, items: PlannedItem[]) {
  const view = await paymentById(container, item.payment_id, item.order_id)
  if (!view?.data || settled(view) || isKept(view.data)) return undefined
  const ref = gatewayRef(view.data)
  const { client } = await gatewayOfOrder(container, view.provider_id, ref.order_no)
  const record = (await recordsByOrderNo(client, [ref])).get(ref.order_no)
  const refunds = GATEWAY_CAPTURED.has(record?.payment_status ?? "")
    ? ((await refundsByOrderNo(client, [ref])).get(ref.order_no) ?? [])
    : []
  const slots = await planPayment(container, view, record, refunds, items)
  return { ...item, payment_status: record?.payment_status, slots } satisfies CanceledCheck
}

/**
 * Under the payments' locks: each canceled order's payment against the gateway, its difference planned
 * (a portal capture is recorded before its refund is decided). One failure never stops the others.
 * No compensation: the refunds and voids it records are the gateway's, as in planPaymentDriftStep.
 */
export const planCanceledDriftStep = createStep(
  "acquiring-plan-canceled-drift",
  async ({ items }: { items: CanceledPayment[] }, { container }) => {
    const drift: CanceledDrift = { checks: [], items: [], errors: [] }
    for (const item of items) {
      // Items planned for a payment that then fails are dropped with it.
      const planned = drift.items.length
      try {
        const c = await check(container, item, drift.items)
        if (c) drift.checks.push(c)
      } catch (e) {
        drift.items.length = planned
        drift.errors.push(canceledError(item, e))
      }
    }
    return new StepResponse(drift)
  },
)
