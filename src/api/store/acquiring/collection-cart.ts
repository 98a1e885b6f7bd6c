import type { MedusaRequest } from "@medusajs/framework/http"

/**
 * The cart behind a session request's payment collection, as the snapshot middleware read it
 * (null: the collection has none), so the books middleware does not read the link again.
 */
const carts = new WeakMap<MedusaRequest, string | null>()

export const rememberCart = (req: MedusaRequest, cartId: string | null): void => void carts.set(req, cartId)

/** undefined when this request read no cart (another provider's session, or no snapshot). */
export const rememberedCart = (req: MedusaRequest): string | null | undefined => carts.get(req)
