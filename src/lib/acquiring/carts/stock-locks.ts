import { randomUUID } from "node:crypto"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { acquireLocks, releaseLocks, type HeldLocks, type LeaseLocking } from "../queries/locks"
import { stockGateOf, stockLockKeys, type StockCart } from "../stock"

const FIELDS = [
  "items.quantity",
  "items.variant.manage_inventory",
  "items.variant.allow_backorder",
  "items.variant.inventory_items.inventory_item_id",
  "items.variant.inventory_items.required_quantity",
  "payment_collection.payment_sessions.provider_id",
]

/** Waited for before the completion gives up; leased for longer than a completion can take. */
const WAIT_SECONDS = 30
const LEASE_SECONDS = 120

/** One per managed-inventory item, sorted; none for another provider's cart. */
export async function stockLockKeysOf(container: MedusaContainer, cartId: string): Promise<string[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "cart", fields: FIELDS, filters: { id: cartId } })
  const cart = data[0] as StockCart | undefined
  return cart ? stockLockKeys(cart) : []
}

/** The gate first when there are several, so two carts sharing items never each hold a part. */
export async function takeStockLocks(container: MedusaContainer, keys: string[]): Promise<HeldLocks> {
  const locking = container.resolve<LeaseLocking>(Modules.LOCKING)
  return acquireLocks(locking, keys, {
    ownerId: `acquiring:stock:${randomUUID()}`,
    gate: stockGateOf(keys),
    timeoutSeconds: WAIT_SECONDS,
    ttlSeconds: LEASE_SECONDS,
  })
}

/**
 * Run one completion of a cart while no other completion of our carts sharing its stock runs:
 * the second one then sees the first's reservation and is refused before any order exists.
 */
export async function withStockLocks<T>(container: MedusaContainer, cartId: string, job: () => Promise<T>): Promise<T> {
  const keys = await stockLockKeysOf(container, cartId)
  if (!keys.length) return job()
  const held = await takeStockLocks(container, keys)
  try {
    return await job()
  } finally {
    await releaseLocks(container.resolve<LeaseLocking>(Modules.LOCKING), held).catch(() => undefined)
  }
}
