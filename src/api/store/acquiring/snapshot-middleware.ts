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

const invalidData = (error: z.ZodError) =>
  new MedusaError(MedusaError.Types.INVALID_DATA, formatIssues(error, { prefix: "data" }).split("; ")[0])

/** Nothing money-related from the storefront reaches the provider: it gets a sealed snapshot of the cart. */
export async function acquiringSnapshotMiddleware(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  try {
    const body = (req.body ?? {}) as Body
    if (!isAcquiringProvider(body.provider_id)) return next()
    const configModule = req.scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
    const config = acquiringOptionsFor(configModule, body.provider_id)
    if (!config) return next() // not configured: Medusa answers that the provider is unknown
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
    rememberCart(req, owner.cart_id ?? null) // the books row names it
    const snapshot = buildSnapshot({
      cart,
      owner,
      payment_collection_id: req.params.id,
      past_orders: past,
      storefront,
      request_ip: req.ip?.replace(/^::ffff:/, ""),
    })
    // Only the sealed snapshot goes on: device data and URLs travel inside it.
    // The provider opens it with medusa-config's key alone: a key saved in the admin never seals.
    body.data = { [SNAPSHOT_KEY]: sealSnapshot(snapshot, sealKeyOf(config)) }
    req.body = body
    next()
  } catch (e) {
    next(e)
  }
}
