import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { paymentsOfOrders } from "../../../../lib/acquiring/queries/payments"
import { pickPayment } from "../../../../lib/acquiring/bulk/items"
import type { BulkItem } from "../../../../lib/acquiring/bulk/types"

/** Read-only: the payments a bulk call acts on, locked before they are read again. */
export const paymentsToLockStep = createStep(
  "acquiring-bulk-payments-to-lock",
  async (input: { items: BulkItem[] }, { container }) => {
    const byOrder = await paymentsOfOrders(
      container,
      input.items.map((i) => i.order_id),
      true,
    )
    const ids = input.items.flatMap((i) => pickPayment(byOrder.get(i.order_id) ?? [])?.id ?? [])
    return new StepResponse([...new Set(ids)])
  },
)
