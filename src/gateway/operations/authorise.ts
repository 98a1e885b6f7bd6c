import type { CallOptions } from "../client-types"
import type { ClientContext } from "../context"
import { GatewayBadResponseError } from "../errors"
import { exchange, expectObject } from "../pipeline"
import { OPERATION_TABLE } from "../operations-table"
import type { AuthoriseRequest, AuthoriseResponse } from "../schemas"
import { validateRequest, validateResponse } from "../validate"

export const AUTHORISE_XML_ROOT = "respon"

/** APM payment (the spec §4.2): the answer carries `issuer_url` for the shopper. */
export function authoriseOperation(ctx: ClientContext) {
  return async function authorise(req: AuthoriseRequest, opts: CallOptions = {}): Promise<AuthoriseResponse> {
    const fields = validateRequest(OPERATION_TABLE.authorise.request, req)
    const account = ctx.accounts.pick({ account_id: opts.account_id, currency: fields.currency ?? opts.currency })
    const answer = await exchange(ctx, "authorise", fields, account, opts)
    const value = expectObject(answer, "authorise")
    // JSON with the same members is accepted too (answers are decoded by content, not label).
    const root = answer.type === "object" ? answer.root : undefined
    if (root !== undefined && root !== AUTHORISE_XML_ROOT) {
      throw new GatewayBadResponseError(`authorise: expected the XML root <${AUTHORISE_XML_ROOT}>, got <${root}>`, {
        source: root,
        status: answer.status,
        operation: "authorise",
      })
    }
    return validateResponse(OPERATION_TABLE.authorise.response, value, "authorise", answer.status)
  }
}
