import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { acquiringOf } from "../../../modules/acquiring"

/** A books row's mark as it was before a step marked it (settled_at as ISO text: step data is stored as JSON). */
export interface RowMark {
  id: string
  settlement: string | null
  settlement_detail: string | null
  settled_at: string | null
}

/**
 * Mark an order's gateway order for *Unmatched payments* and the widget; false when missing or already
 * marked. `undo` collects what each marked row held, for the step's compensation.
 */
export async function markOrderRow(
  container: MedusaContainer,
  orderNo: string,
  mark: { settlement: string; detail: string },
  opts: { always?: boolean; undo?: RowMark[] } = {},
): Promise<boolean> {
  const books = acquiringOf(container)
  const [row] = await books.listGatewayOrders(
    { order_no: orderNo },
    { select: ["id", "settlement", "settlement_detail", "settled_at"] },
  )
  if (!row) {
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER) as Logger
    logger.warn(
      `acquiring: gateway order ${orderNo} is not in the books; its order's mark (${mark.settlement}) is not listed`,
    )
    return false
  }
  if (row.settlement === mark.settlement && !opts.always) return false
  opts.undo?.push({
    id: row.id,
    settlement: row.settlement ?? null,
    settlement_detail: row.settlement_detail ?? null,
    settled_at: row.settled_at ? new Date(row.settled_at).toISOString() : null,
  })
  await books.updateGatewayOrders({
    id: row.id,
    settlement: mark.settlement,
    settlement_detail: mark.detail,
    settled_at: new Date(),
  })
  return true
}

/** The marks a failed run made, put back (last first), so the next run marks and announces them again. */
export async function restoreOrderRows(container: MedusaContainer, undo: RowMark[] | undefined): Promise<void> {
  const books = acquiringOf(container)
  for (const m of [...(undo ?? [])].reverse())
    await books.updateGatewayOrders({ ...m, settled_at: m.settled_at ? new Date(m.settled_at) : null })
}
