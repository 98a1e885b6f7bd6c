import type { MedusaRequest } from "@medusajs/framework/http"

/** The cart the snapshot middleware read, so the books middleware does not read the link again. */
const carts = new WeakMap<MedusaRequest, string | null>()

export const rememberCart = (req: MedusaRequest, cartId: string | null): void => void carts.set(req, cartId)

export const rememberedCart = (req: MedusaRequest): string | null | undefined => carts.get(req)
