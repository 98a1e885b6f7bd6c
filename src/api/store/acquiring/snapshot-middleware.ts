import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { acquiringOptionsFor, isAcquiringProvider } from "../../../lib/acquiring/config"
import { latestOptions } from "../../../lib/acquiring/settings/current"
import { checkReturnUrl } from "../../../lib/acquiring/return-urls"
import { buildSnapshot } from "../../../lib/acquiring/snapshot/build"
import { sealKeyOf, sealSnapshot } from "../../../lib/acquiring/snapshot/seal"
import { SNAPSHOT_KEY, StorefrontData } from "../../../lib/acquiring/snapshot/storefront-data"
import type { z } from "zod"
import { formatIssues } from "../../../gateway/zod-issues"
import { rememberCart } from "./collection-cart"
import { loadSnapshotSource } from "./snapshot-source"

type Body = { provider_id?: unknown; data?: Record<string, unknown> }

/** zod error → "data.device.color_depth: must be …" (the storefront's fields sit under `data`). */
const invalidData = (error: z.ZodError) =>
  new MedusaError(MedusaError.Types.INVALID_DATA, formatIssues(error, { prefix: "data" }).split("; ")[0])

/**
 * POST /store/payment-collections/:id/payment-sessions for our providers: validate the
 * storefront's device/return data (400 naming the field), then replace `data` with a sealed
 * snapshot of the real cart or order. Nothing money-related from the storefront reaches the provider.
 */
export async function acquiringSnapshotMiddleware(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  try {
    const body = (req.body ?? {}) as Body
    if (!isAcquiringProvider(body.provider_id)) return next()
    const configModule = req.scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
    const config = acquiringOptionsFor(configModule, body.provider_id)
    if (!config) return next() // not configured: Medusa answers that the provider is unknown
    // The return origins an admin saved count from the next session on (issue #35).
    const options = (await latestOptions(req.scope, body.provider_id)) ?? config
    const { [SNAPSHOT_KEY]: _ignored, ...given } = body.data ?? {}
    const parsed = StorefrontData.safeParse(given)
    if (!parsed.success) throw invalidData(parsed.error)
    const storefront = parsed.data
    if (storefront.return_url)
      storefront.return_url = checkReturnUrl(storefront.return_url, "data.return_url", options.provider)
    if (storefront.cancel_url)
      storefront.cancel_url = checkReturnUrl(storefront.cancel_url, "data.cancel_url", options.provider)
    const { cart, owner, past } = await loadSnapshotSource(req, req.params.id)
    rememberCart(req, owner.cart_id ?? null) // the books row names it (books-middleware.ts)
    const snapshot = buildSnapshot({
      cart,
      owner,
      payment_collection_id: req.params.id,
      past_orders: past,
      storefront,
      request_ip: req.ip?.replace(/^::ffff:/, ""),
    })
    // Only the sealed snapshot goes on: device data and URLs travel inside it.
    body.data = { [SNAPSHOT_KEY]: sealSnapshot(snapshot, sealKeyOf(options)) }
    req.body = body
    next()
  } catch (e) {
    next(e)
  }
}
