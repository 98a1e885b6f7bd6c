import { BigNumber, PaymentActions } from "@medusajs/framework/utils"
import { createWorkflow, transform, when, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { processPaymentWorkflow } from "@medusajs/medusa/core-flows"
import type { ItemOutput, ReconcileItem } from "../../../lib/acquiring/reconcile/items"
import { settleUnplaceableWorkflow } from "../carts/settle-unplaceable"
import { settleOrphanWorkflow } from "../books/settle-orphan"
import { recordCaptureWorkflow } from "../payments/record-capture"
import { recordGatewayRefundWorkflow } from "../payments/record-refund"
import { completePaidCartWorkflow } from "./complete-paid-cart"
import { authoriseHeldWorkflow } from "./held-workflow"
import { refundCanceledOrderWorkflow } from "./refund-canceled"

type Of<K extends ReconcileItem["kind"]> = Extract<ReconcileItem, { kind: K }>
const as = <K extends ReconcileItem["kind"]>(item: ReconcileItem) => item as Of<K>

/**
 * One item reconciliation records, through its own workflow by kind: a capture or refund the gateway
 * made, an orphan to settle, a canceled order's rest to refund, a held order to authorise, a paid cart
 * to complete or give back, a paid collection to authorise. Its result: what the caller reports.
 */
export const reconcileItemWorkflow = createWorkflow("acquiring-reconcile-item", (item: WorkflowData<ReconcileItem>) => {
  when("acquiring-reconcile-item-capture", { item }, ({ item }) => item.kind === "capture").then(() => {
    const input = transform({ item }, ({ item }) => {
      const { payment_id, amount } = as<"capture">(item)
      return { payment_id, amount, sealed: null }
    })
    recordCaptureWorkflow.runAsStep({ input })
  })
  when("acquiring-reconcile-item-refund", { item }, ({ item }) => item.kind === "refund").then(() => {
    const input = transform({ item }, ({ item }) => {
      const { payment_id, amount, refund_reference_id } = as<"refund">(item)
      return { payment_id, amount, refund_reference_id, source: "reconciliation" as const }
    })
    recordGatewayRefundWorkflow.runAsStep({ input })
  })
  const orphan = when("acquiring-reconcile-item-orphan", { item }, ({ item }) => item.kind === "settle_orphan").then(
    () => {
      const input = transform({ item }, ({ item }) => {
        const { order_no, reason } = as<"settle_orphan">(item)
        return { order_no, reason }
      })
      return settleOrphanWorkflow.runAsStep({ input })
    },
  )
  when("acquiring-reconcile-item-canceled", { item }, ({ item }) => item.kind === "refund_canceled").then(() => {
    const input = transform({ item }, ({ item }) => {
      const { payment_id, order_id, amount, note } = as<"refund_canceled">(item)
      return { payment_id, order_id, amount, note }
    })
    refundCanceledOrderWorkflow.runAsStep({ input })
  })
  const authorised = when("acquiring-reconcile-item-held", { item }, ({ item }) => item.kind === "authorize_held").then(
    () => {
      const input = transform({ item }, ({ item }) => {
        const { payment_session_id, order_id } = as<"authorize_held">(item)
        return { payment_session_id, order_id }
      })
      return authoriseHeldWorkflow.runAsStep({ input })
    },
  )
  const order_id = when("acquiring-reconcile-item-cart", { item }, ({ item }) => item.kind === "complete_cart").then(
    () => {
      const input = transform({ item }, ({ item }) => ({ cart_id: as<"complete_cart">(item).cart_id }))
      return completePaidCartWorkflow.runAsStep({ input })
    },
  )
  when("acquiring-reconcile-item-collection", { item }, ({ item }) => item.kind === "authorize_collection").then(() => {
    const input = transform({ item }, ({ item }) => {
      const { session_id, amount } = as<"authorize_collection">(item)
      return { action: PaymentActions.AUTHORIZED, data: { session_id, amount: new BigNumber(amount) } }
    })
    processPaymentWorkflow.runAsStep({ input })
  })
  const unplaceable = when(
    "acquiring-reconcile-item-unplaceable",
    { item },
    ({ item }) => item.kind === "settle_unplaceable",
  ).then(() => {
    const input = transform({ item }, ({ item }) => {
      const { kind: _kind, ...cart } = as<"settle_unplaceable">(item)
      return { ...cart, lock: true }
    })
    return settleUnplaceableWorkflow.runAsStep({ input })
  })
  const output = transform(
    { item, orphan, authorised, order_id, unplaceable },
    ({ item, orphan, authorised, order_id, unplaceable }): ItemOutput => ({
      ...(orphan ? { orphan } : {}),
      ...(authorised !== undefined ? { authorised } : {}),
      ...(order_id ? { order_id } : {}),
      ...(item.kind === "settle_unplaceable" ? { unplaceable: unplaceable ?? null } : {}),
    }),
  )
  return new WorkflowResponse(output)
})
