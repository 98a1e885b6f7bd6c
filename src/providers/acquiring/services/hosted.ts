import { AcquiringBase, type StartInput } from "../core/acquiring-base"
import { handOver, hostedPagePath, pageToken, type HostedPageView } from "../../../lib/acquiring/page-handoff"
import { checkoutRequest } from "../mappers/payment-request"

/** Card payment on the gateway's hosted page (POST /v1/checkout). */
export class AcquiringHostedService extends AcquiringBase {
  static override identifier = "acquiring"
  protected override readonly variant = "hosted" as const

  protected async start({ session_id, snapshot, ctx, account_id }: StartInput) {
    const own = this.opts.provider
    const page = await this.client.checkout(
      checkoutRequest(snapshot, ctx),
      account_id ? { account_id } : { currency: ctx.currency },
    )
    // What a storefront needs to send the shopper: post the form itself, or render the page.
    const view: HostedPageView = {
      form: { action: page.form.action, method: page.form.method, fields: page.form.fields },
      html: own.session_html ? page.html : null,
    }
    // The session route puts the page into its answer and the cache (lib/acquiring/page-handoff.ts).
    handOver(session_id, { page: view, ttl_s: own.hosted_page_ttl_s })
    return {
      ...(own.page_in_session_data ? view : {}),
      hosted_page_path: hostedPagePath(session_id),
      hosted_page_token: pageToken(this.sealKey, session_id),
      iframe: { allowed: own.iframe, name: "acquiring_hosted_page", min_height: 600 },
    }
  }
}

export default AcquiringHostedService
