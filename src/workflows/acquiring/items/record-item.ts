import { BigNumber, PaymentActions } from "@medusajs/framework/utils"
import { createWorkflow, transform, when, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { processPaymentWorkflow } from "@medusajs/medusa/core-flows"
import type { ItemOutput, RecordItem } from "../../../lib/acquiring/items/record-item"
import { settleOrphanWorkflow } from "../books/settle-orphan"
import { settleUnplaceableWorkflow } from "../carts/settle-unplaceable"
import { releaseKeptAuthorisationWorkflow } from "../kept/release"
import { recordCaptureWorkflow } from "../payments/record-capture"
import { recordGatewayRefundWorkflow } from "../payments/record-refund"
import { recordCancelStep } from "../payments/steps/record-cancel"
import { completePaidCartWorkflow } from "../reconcile/complete-paid-cart"
import { authoriseHeldWorkflow } from "../reconcile/held-workflow"
import { refundCanceledOrderWorkflow } from "../reconcile/refund-canceled"
import { applyReviewDecisionWorkflow } from "../review/apply-review-decision"

/** Reconciliation's id from before bulk, review and kept items joined it: ids stay stable. */
export const RECORD_ITEM_WORKFLOW = "acquiring-reconcile-item"

type Of<K extends RecordItem["kind"]> = Extract<RecordItem, { kind: K }>
const as = <K extends RecordItem["kind"]>(item: RecordItem) => item as Of<K>

/**
 * One thing the gateway did, recorded in Medusa through its own workflow by kind: a capture, refund or
 * void, an orphan, a canceled order's rest, a held order, a paid cart or collection, a review decision,
 * a kept authorisation to release. Its result: what the caller reports.
 */
export const recordItemWorkflow = createWorkflow(RECORD_ITEM_WORKFLOW, (item: WorkflowData<RecordItem>) => {
  when("acquiring-reconcile-item-capture", { item }, ({ item }) => item.kind === "capture").then(() => {
    const input = transform({ item }, ({ item }) => {
      const { payment_id, amount, sealed } = as<"capture">(item)
      return { payment_id, amount, sealed: sealed ?? null }
    })
    recordCaptureWorkflow.runAsStep({ input })
  })
  when("acquiring-reconcile-item-refund", { item }, ({ item }) => item.kind === "refund").then(() => {
    const input = transform({ item }, ({ item }) => {
      const { payment_id, amount, refund_reference_id, refund, source } = as<"refund">(item)
      return {
        payment_id,
        amount,
        refund_reference_id,
        ...(refund ? { refund } : {}),
        source: source ?? "reconciliation",
      }
    })
    recordGatewayRefundWorkflow.runAsStep({ input })
  })
  when("acquiring-reconcile-item-cancel", { item }, ({ item }) => item.kind === "cancel").then(() => {
    recordCancelStep(transform({ item }, ({ item }) => ({ payment_id: as<"cancel">(item).payment_id })))
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
  const applied = when("acquiring-reconcile-item-review", { item }, ({ item }) => item.kind === "review_decision").then(
    () => {
      const input = transform({ item }, ({ item }) => {
        const { planned, actor } = as<"review_decision">(item)
        return { planned, actor }
      })
      return applyReviewDecisionWorkflow.runAsStep({ input })
    },
  )
  when("acquiring-reconcile-item-kept", { item }, ({ item }) => item.kind === "release_kept").then(() => {
    const input = transform({ item }, ({ item }) => {
      const { payment_id, provider_id, outcome } = as<"release_kept">(item)
      return { payment_id, provider_id, outcome }
    })
    releaseKeptAuthorisationWorkflow.runAsStep({ input })
  })
  const output = transform(
    { item, orphan, authorised, order_id, unplaceable, applied },
    ({ item, orphan, authorised, order_id, unplaceable, applied }): ItemOutput => ({
      ...(orphan ? { orphan } : {}),
      ...(authorised !== undefined ? { authorised } : {}),
      ...(order_id ? { order_id } : {}),
      ...(item.kind === "settle_unplaceable" ? { unplaceable: unplaceable ?? null } : {}),
      ...(item.kind === "review_decision" ? { applied: applied === true } : {}),
    }),
  )
  return new WorkflowResponse(output)
})
