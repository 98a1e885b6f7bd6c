import type { CallOptions } from "../client-types"
import type { ClientContext } from "../context"
import { GatewayBadResponseError } from "../errors"
import { parseHostedPage } from "../hosted-page"
import { exchange, verifyResponseSignature } from "../pipeline"
import { OPERATION_TABLE } from "../operations-table"
import type { CheckoutRequest, CheckoutResponse } from "../schemas"
import { validateRequest } from "../validate"

/** The answer is the hosted "loading" page (the spec §4.1), parsed into its form. */
export function checkoutOperation(ctx: ClientContext) {
  return async function checkout(req: CheckoutRequest, opts: CallOptions = {}): Promise<CheckoutResponse> {
    const fields = validateRequest(OPERATION_TABLE.checkout.request, req)
    const account = ctx.accounts.pick({ account_id: opts.account_id, currency: fields.currency ?? opts.currency })
    const answer = await exchange(ctx, "checkout", fields, account, opts)
    if (answer.type !== "html") {
      throw new GatewayBadResponseError("checkout: expected the hosted HTML page with a <form>", {
        source: "form",
        status: answer.status,
        operation: "checkout",
      })
    }
    const page = parseHostedPage(answer.html, ctx.baseUrl, ctx.options.hosted_page_origins)
    verifyResponseSignature(ctx, "checkout", page.form.fields, account)
    // Not re-validated: parseHostedPage builds it from strings only, so zod could not fail and only cost CPU.
    return page
  }
}
