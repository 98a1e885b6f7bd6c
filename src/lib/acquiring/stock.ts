import { MathBN, MedusaError } from "@medusajs/framework/utils"
import type { BigNumberInput } from "@medusajs/framework/types"
import { isAcquiringProvider } from "./config"
import { LOCK_KEYS } from "./lock-keys"

interface LocationLevel {
  location_id?: string | null
  stocked_quantity?: BigNumberInput | null
  reserved_quantity?: BigNumberInput | null
  raw_stocked_quantity?: BigNumberInput | null
  raw_reserved_quantity?: BigNumberInput | null
  stock_locations?: Array<{ id?: string; sales_channels?: Array<{ id?: string } | null> | null } | null> | null
}

export interface StockCart {
  sales_channel_id?: string | null
  items?: Array<{
    quantity?: BigNumberInput | null
    variant?: {
      manage_inventory?: boolean | null
      allow_backorder?: boolean | null
      inventory_items?: Array<{
        inventory_item_id?: string | null
        required_quantity?: BigNumberInput | null
        inventory?: { location_levels?: Array<LocationLevel | null> | null } | null
      } | null> | null
    } | null
  } | null> | null
  payment_collection?: { payment_sessions?: Array<{ provider_id?: string | null } | null> | null } | null
}

export const paidThroughUs = (cart: StockCart): boolean =>
  (cart.payment_collection?.payment_sessions ?? []).some((s) => isAcquiringProvider(s?.provider_id))

/** Units of each managed-inventory item the cart's items need (backordered variants need none). */
export function neededStock(cart: StockCart): Map<string, BigNumberInput> {
  const need = new Map<string, BigNumberInput>()
  for (const item of cart.items ?? []) {
    const variant = item?.variant
    if (!variant?.manage_inventory || variant.allow_backorder) continue
    for (const link of variant.inventory_items ?? []) {
      if (!link?.inventory_item_id) continue
      const units = MathBN.mult(link.required_quantity ?? 1, item?.quantity ?? 0)
      need.set(link.inventory_item_id, MathBN.add(need.get(link.inventory_item_id) ?? 0, units))
    }
  }
  return need
}

/** One key per managed item, sorted: every completion takes them in the same order. */
export function stockLockKeys(cart: StockCart): string[] {
  if (!paidThroughUs(cart)) return []
  return [...neededStock(cart).keys()].sort().map(LOCK_KEYS.stock)
}

export const stockGateOf = (keys: string[]): string | undefined => (keys.length > 1 ? LOCK_KEYS.stockGate : undefined)

function bestAvailable(levels: Array<LocationLevel | null>, salesChannelId: string | null | undefined) {
  let best: BigNumberInput = 0
  for (const level of levels) {
    if (!level) continue
    const inChannel = (level.stock_locations ?? []).some((l) =>
      (l?.sales_channels ?? []).some((c) => c?.id === salesChannelId),
    )
    if (salesChannelId && !inChannel) continue
    const free = MathBN.sub(
      level.raw_stocked_quantity ?? level.stocked_quantity ?? 0,
      level.raw_reserved_quantity ?? level.reserved_quantity ?? 0,
    )
    if (MathBN.gt(free, best)) best = free
  }
  return best
}

/** Refused before Medusa places the order and fails its reservation, in the inventory module's words (classed as stock). */
export function assertStockAvailable(cart: StockCart): void {
  const need = neededStock(cart)
  if (!need.size) return
  const levels = new Map<string, Array<LocationLevel | null>>()
  for (const item of cart.items ?? [])
    for (const link of item?.variant?.inventory_items ?? [])
      if (link?.inventory_item_id) levels.set(link.inventory_item_id, link.inventory?.location_levels ?? [])
  for (const [id, units] of need) {
    const free = bestAvailable(levels.get(id) ?? [], cart.sales_channel_id)
    if (MathBN.lt(free, units))
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Not enough stock available for item ${id}: ${units.toString()} needed, ${free.toString()} free in the cart's sales channel`,
      )
  }
}
