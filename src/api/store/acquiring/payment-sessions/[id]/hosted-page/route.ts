import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { acquiringOptionsFor, isAcquiringProvider } from "../../../../../../lib/acquiring/config"
import { isPageToken, PAGE_TOKEN_HEADER } from "../../../../../../lib/acquiring/page-handoff"
import { OPEN_SESSION_STATUSES } from "../../../../../../lib/acquiring/payment-data"
import { sealKeyOf } from "../../../../../../lib/acquiring/snapshot/seal"
import { loadPage } from "../../../hosted-page-cache"

type Session = { status: string; provider_id: string }

/** Undefined whatever was wrong, so a caller learns nothing. */
async function provenSession(req: MedusaRequest, id: string): Promise<Session | undefined> {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment_session",
    fields: ["id", "status", "provider_id"],
    filters: { id },
  })
  const session = data[0] as Session | undefined
  if (!session || !isAcquiringProvider(session.provider_id)) return undefined
  const options = acquiringOptionsFor(req.scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE), session.provider_id)
  return options && isPageToken(sealKeyOf(options), id, req.get(PAGE_TOKEN_HEADER)) ? session : undefined
}

/** The page holds personal data: the caller proves the session with its `hosted_page_token`. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const id = req.params.id
  const session = await provenSession(req, id)
  if (!session) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `No hosted page for payment session ${id} with this ${PAGE_TOKEN_HEADER}`,
    )
  }
  if (!OPEN_SESSION_STATUSES.includes(session.status)) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Payment session ${id} is ${session.status}: its hosted page is no longer offered`,
    )
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
