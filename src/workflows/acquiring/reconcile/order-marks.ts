import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { booksOf } from "../../../modules/acquiring/books-of"

/** Mark an order's gateway order for *Unmatched payments* and the widget; false when missing or already marked. */
export async function markOrderRow(
  container: MedusaContainer,
  orderNo: string,
  mark: { settlement: string; detail: string },
  opts: { always?: boolean } = {},
): Promise<boolean> {
  const books = booksOf(container)
  const [row] = await books.listGatewayOrders({ order_no: orderNo }, { select: ["id", "settlement"] })
  if (!row) {
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER) as Logger
    logger.warn(
      `acquiring: gateway order ${orderNo} is not in the books; its order's mark (${mark.settlement}) is not listed`,
    )
    return false
  }
  if (row.settlement === mark.settlement && !opts.always) return false
  await books.updateGatewayOrders({
    id: row.id,
    settlement: mark.settlement,
    settlement_detail: mark.detail,
    settled_at: new Date(),
  })
  return true
}
