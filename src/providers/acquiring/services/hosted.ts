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
    const view: HostedPageView = {
      form: {
        action: page.form.action,
        method: page.form.method,
        fields: withoutToken(page.form.fields, ctx.token_id),
      },
      // The raw page repeats a saved card's token: never handed to the storefront.
      html: own.session_html && !ctx.token_id ? page.html : null,
    }
    // The session route hands the page to the storefront through the page-handoff cache.
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

/**
 * The gateway's page repeats the request's token_id in its inputs; the browser never gets it
 * (the gateway knows its session by gbc_id).
 */
export function withoutToken(fields: Record<string, string>, token: string | undefined): Record<string, string> {
  if (!token) return fields
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(fields)) {
    if (value === token) continue
    out[name] = value.includes(token)
      ? value
          .split("&")
          .filter((part) => !part.includes(token))
          .join("&")
      : value
  }
  return out
}
