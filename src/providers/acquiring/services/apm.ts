import { MedusaError } from "@medusajs/framework/utils"
import { AcquiringBase, type StartInput } from "../core/acquiring-base"
import type { AcquiringData } from "../../../lib/acquiring/payment-data"
import { authoriseRequest } from "../mappers/payment-request"
import type { SessionStatus } from "../../../lib/acquiring/options"
import { PAYMENT_STATUS } from "../../../gateway/status-codes"

/** Alternative payment method (POST /v1/authorise): the shopper completes the payment at the issuer_url. */
export class AcquiringApmService extends AcquiringBase {
  static override identifier = "acquiring-apm"
  protected override readonly variant = "apm" as const
  /** A subclass may fix the method (like Stripe's per-method variants). */
  protected readonly fixedPaymentMethod?: string

  protected choosePaymentMethod(requested: string | undefined): string {
    const own = this.opts.provider
    const method = this.fixedPaymentMethod ?? requested ?? own.payment_method
    if (!method) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        "data.payment_method is required: name the alternative payment method",
      )
    }
    if (
      !this.fixedPaymentMethod &&
      own.allowed_payment_methods.length &&
      !own.allowed_payment_methods.includes(method)
    ) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `data.payment_method ${method} is not offered; choose one of ${own.allowed_payment_methods.join(", ")}`,
      )
    }
    return method
  }

  protected async start({ snapshot, ctx, account_id }: StartInput) {
    const payment_method = this.choosePaymentMethod(snapshot?.payment_method)
    const res = await this.client.authorise(
      authoriseRequest(snapshot, { ...ctx, payment_method }),
      account_id ? { account_id } : { currency: ctx.currency },
    )
    const title = this.opts.provider.payment_method_titles[payment_method]
    return { issuer_url: res.issuer_url, payment_method, ...(title && { payment_method_title: title }) }
  }

  /** Methods settled asynchronously (vouchers, transfers) place the order before the money arrives. */
  protected override variantStatusDefaults(data: AcquiringData): Record<string, SessionStatus> {
    const async = this.opts.provider.async_payment_methods
    return data.payment_method && async.includes(data.payment_method)
      ? { [PAYMENT_STATUS.WAITING_SHOPPER]: "pending_authorization" }
      : {}
  }
}

export default AcquiringApmService
