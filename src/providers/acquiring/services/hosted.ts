import { AcquiringBase, type StartInput } from "../core/acquiring-base"
import { checkoutRequest } from "../mappers/payment-request"

/** Card payment on the gateway's hosted page (POST /v1/checkout). */
export class AcquiringHostedService extends AcquiringBase {
  static override identifier = "acquiring"
  protected override readonly variant = "hosted" as const

  protected async start({ snapshot, ctx, account_id }: StartInput) {
    const page = await this.client.checkout(checkoutRequest(snapshot, ctx), account_id ? { account_id } : { currency: ctx.currency })
    return {
      // What a storefront needs to send the shopper: post the form itself, or render the page.
      form: { action: page.form.action, method: page.form.method, fields: page.form.fields },
      html: this.opts.provider.session_html ? page.html : null,
      iframe: { allowed: this.opts.provider.iframe, name: "acquiring_hosted_page", min_height: 600 },
    }
  }
}

export default AcquiringHostedService
