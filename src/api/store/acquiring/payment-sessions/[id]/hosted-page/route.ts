import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { isAcquiringProvider } from "../../../../../../lib/acquiring-config"
import { OPEN_SESSION_STATUSES } from "../../../../../../providers/acquiring/core/session-data"
import { SESSION_ID } from "../../../../../../providers/acquiring/mappers/order-no"
import { loadPage } from "../../../hosted-page-cache"

/**
 * GET /store/acquiring/payment-sessions/:id/hosted-page → `{ hosted_page: { form, html } }`:
 * the gateway's page of a pending acquiring session, for a storefront that did not keep it
 * from the session's creation answer. Only while the shopper can still pay on it.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const id = req.params.id
  if (!SESSION_ID.test(id)) throw new MedusaError(MedusaError.Types.INVALID_DATA, `"${id.slice(0, 60)}" is not a payment session id (payses_…)`)
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "payment_session", fields: ["id", "status", "provider_id"], filters: { id } })
  const session = data[0] as { status: string; provider_id: string } | undefined
  if (!session || !isAcquiringProvider(session.provider_id)) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `No acquiring payment session ${id}`)
  }
  if (!OPEN_SESSION_STATUSES.includes(session.status)) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Payment session ${id} is ${session.status}: its hosted page is no longer offered`)
  }
  const page = await loadPage(req.scope, id)
  if (!page) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `The hosted page of payment session ${id} has expired (provider option hosted_page_ttl_s); start a new payment session`,
    )
  }
  res.json({ hosted_page: page })
}
