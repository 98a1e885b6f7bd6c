import type {
  AuthorizePaymentInput,
  BigNumberInput,
  AuthorizePaymentOutput,
  CancelPaymentInput,
  CancelPaymentOutput,
  CapturePaymentInput,
  CapturePaymentOutput,
  DeletePaymentInput,
  DeletePaymentOutput,
  GetPaymentStatusInput,
  GetPaymentStatusOutput,
  InitiatePaymentInput,
  InitiatePaymentOutput,
  RefundPaymentInput,
  RefundPaymentOutput,
  RetrievePaymentInput,
  RetrievePaymentOutput,
  UpdatePaymentInput,
  UpdatePaymentOutput,
} from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { PAYMENT_STATUS } from "../../../gateway/status-codes"
import { logText } from "../../../gateway/log-text"
import { orderNoFromSession } from "../../../lib/acquiring/order-no"
import { assertSessionAmount, positiveSessionMoney, sameSentAmount, toAmount } from "../../../lib/acquiring/money"
import type { RequestContext } from "../mappers/payment-request"
import type { CartSnapshot } from "../../../lib/acquiring/snapshot/schema"
import { SNAPSHOT_KEY } from "../../../lib/acquiring/snapshot/storefront-data"
import { ADOPT_KEY } from "../../../lib/acquiring/adoption"
import { toMedusaError } from "../../../lib/acquiring/errors"
import { keepAuthorisation } from "../../../lib/acquiring/kept"
import { lookupOrder, withRecord } from "../../../lib/acquiring/gateway-state"
import { capture, cancel, refund, refreshRefunds } from "../../../lib/acquiring/operations"
import { notifyUrl, resolveReturnUrls } from "../../../lib/acquiring/return-urls"
import { blanked, callerData, readData, tryReadData, type AcquiringData } from "../../../lib/acquiring/payment-data"
import { SESSION_CARD_KEY } from "../../../lib/acquiring/saved-cards"
import { AcquiringCore } from "./provider-core"

export interface StartInput {
  session_id: string
  snapshot: CartSnapshot | null
  ctx: RequestContext
  account_id?: string
}

/** Every lifecycle step; variants (hosted page, APM) only say how a payment starts and which statuses differ. */
export abstract class AcquiringBase extends AcquiringCore {
  protected abstract start(input: StartInput): Promise<Record<string, unknown>>

  async initiatePayment(input: InitiatePaymentInput): Promise<InitiatePaymentOutput> {
    const { kept: data, dropped } = callerData(input.data)
    const sessionId = String(data.session_id ?? input.context?.idempotency_key ?? "")
    if (!sessionId)
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "initiatePayment needs the payment session id")
    if (data[ADOPT_KEY] !== undefined)
      return this.adopt(data[ADOPT_KEY], sessionId, input.currency_code.toUpperCase(), dropped)
    if (dropped.length)
      this.logger.warn(
        `acquiring: session ${logText(sessionId, 40)} data keys ignored (the provider owns or does not take them): ${logText(dropped.join(", "), 200)}`,
      )
    const order_no = orderNoFromSession(sessionId)
    const currency = input.currency_code.toUpperCase()
    // Refused here (400 naming currency and amount) when it is not above zero or the gateway cannot carry it exactly.
    const { amount, decimals, amount_rounding } = positiveSessionMoney(input.amount, currency, this.opts.provider)
    const snapshot = await this.trustedSnapshot(data, sessionId, toAmount(input.amount), currency)
    const own = this.opts.provider
    const urls = resolveReturnUrls(snapshot ?? {}, own)
    const account_id = this.client.accountFor(currency)
    // Saved cards: the customer comes from Medusa's context, never from the storefront (403 for another's card).
    const tokens = await this.holders.checkoutTokens(snapshot, input.context, this.variant)
    const ctx: RequestContext = {
      order_no,
      currency,
      amount,
      decimals,
      notify_url: notifyUrl(own),
      ...urls,
      own,
      now: Date.now(),
      token_flag: tokens.token_flag,
      token_id: tokens.token_id,
    }
    let started: Record<string, unknown>
    try {
      started = await this.start({ session_id: sessionId, snapshot, ctx, account_id })
    } catch (e) {
      throw (await this.holders.refusedToken(e, tokens)) ?? toMedusaError(e, "Starting the payment")
    }
    this.logger.info(`acquiring: ${this.variant} payment ${order_no} started (${amount} ${currency})`)
    return {
      id: order_no,
      status: "pending",
      // Medusa stores { ...caller's data, ...this }: keys we did not take are blanked, and the
      // snapshot (personal data) is dropped from the public session data.
      data: {
        ...blanked(dropped),
        [SNAPSHOT_KEY]: null,
        order_no,
        currency,
        amount,
        ...(amount_rounding && { amount_rounding }),
        variant: this.variant,
        account_id,
        settings_version: this.settings.current().version,
        ...(tokens.session && { [SESSION_CARD_KEY]: tokens.session }),
        ...started,
      },
    }
  }

  async authorizePayment(input: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    const { status, data, record } = await this.currentStatus(input.data)
    // The gateway confirmed the payment: a token it issued for this session is saved now, never before.
    if (status === "authorized" || status === "captured") await this.holders.afterAuthorised(data, record)
    if (status === "authorized" && this.opts.provider.capture_mode === "automatic") {
      const captured = await capture(
        this.client,
        data,
        { id: "automatic", source: "automatic", amount: data.amount },
        this.sealKey,
      )
      return { status: "captured", data: captured }
    }
    return { status, data }
  }

  async getPaymentStatus(input: GetPaymentStatusInput): Promise<GetPaymentStatusOutput> {
    return this.currentStatus(input.data)
  }

  async capturePayment(input: CapturePaymentInput): Promise<CapturePaymentOutput> {
    const data = readData(input.data)
    const key = input.context?.idempotency_key
    const amount = await this.captureAmount(key, data)
    return { data: await capture(this.client, data, { id: key ?? "capture", source: "medusa", amount }, this.sealKey) }
  }

  /**
   * Medusa passes no amount to capturePayment: the Capture row (its id is the idempotency key)
   * holds it (read from the payment module); without it the remaining amount is captured.
   */
  private async captureAmount(key: string | undefined, data: AcquiringData): Promise<string | undefined> {
    if (!key) return undefined
    let amount: BigNumberInput | undefined
    try {
      amount = await this.module.captureAmount(key)
    } catch {
      this.logger.warn(
        `acquiring: capture ${key} of order ${data.order_no} not readable; capturing the remaining amount`,
      )
      return undefined
    }
    // Outside the try: an amount the gateway cannot carry is refused, never swapped for the remainder.
    return amount === undefined ? undefined : this.gatewayAmount(amount, data)
  }

  async refundPayment(input: RefundPaymentInput): Promise<RefundPaymentOutput> {
    const d = readData(input.data)
    return { data: await refund(this.client, d, this.gatewayAmount(input.amount, d), input.context?.idempotency_key) }
  }

  async cancelPayment(input: CancelPaymentInput): Promise<CancelPaymentOutput> {
    const data = tryReadData(input.data)
    if (!data) return { data: input.data ?? {} }
    const kept = await this.keepForReplacement(data, input.context?.idempotency_key)
    if (kept) return { data: kept }
    return { data: await cancel(this.client, data, { strict: true }) }
  }

  /**
   * Medusa's order edit cancels the authorised collection (status canceled) before its
   * payments; an order cancel cancels payments first. So a canceled collection here means it
   * was replaced: the gateway order stays authorised until the replacement is paid.
   */
  private async keepForReplacement(data: AcquiringData, paymentId: string | undefined): Promise<AcquiringData | null> {
    if (this.opts.provider.void_on_collection_cancel || !paymentId) return null
    const payment = await this.module.canceledPayment(paymentId)
    if (payment?.collection_status !== "canceled") return null
    const record = await lookupOrder(this.client, data).catch((e) => {
      throw toMedusaError(e, "Checking the payment")
    })
    if (record?.payment_status !== PAYMENT_STATUS.AUTHORISED) return null
    this.logger.info(
      `acquiring: order ${data.order_no} kept authorised after its collection was replaced; voided once the replacement is paid`,
    )
    const authorisedAt = new Date(payment.created_at ?? Date.now())
    return keepAuthorisation(
      withRecord(data, record, record.payment_status),
      authorisedAt,
      new Date(),
      this.opts.provider.capture_window_days,
    )
  }

  /**
   * Never fails: Medusa deletes sessions while the shopper re-initiates checkout. A session Medusa
   * authorised is never voided here: its data says so (this provider answered authorised, captured
   * or held for review, and Medusa made the payment or placed the order in that same call), and the
   * money is that payment's; the books follow the gateway order once its session is gone.
   */
  async deletePayment(input: DeletePaymentInput): Promise<DeletePaymentOutput> {
    const data = tryReadData(input.data)
    if (!data) return { data: input.data ?? {} }
    // An adopting session that never became a payment: the gateway order is still the kept payment's.
    if (data.adopted_from) return { data: input.data ?? {} }
    if (this.heldByMedusa(data)) {
      this.logger.info(`acquiring: session of order ${data.order_no} deleted after Medusa authorised it; not voided`)
      return { data: input.data ?? {} }
    }
    try {
      return { data: await cancel(this.client, data, { strict: false }) }
    } catch (e) {
      this.logger.warn(
        `acquiring: could not void order ${data.order_no} while deleting its session: ${(e as Error).message}`,
      )
      return { data: input.data ?? {} }
    }
  }

  async retrievePayment(input: RetrievePaymentInput): Promise<RetrievePaymentOutput> {
    const { data } = await this.currentStatus(input.data)
    try {
      return { data: await refreshRefunds(this.client, data) }
    } catch (e) {
      throw toMedusaError(e, "Retrieving the payment")
    }
  }

  /** Medusa never calls it in 2.21; an amount change needs a new session (new order_no). */
  async updatePayment(input: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    const data = readData(input.data)
    assertSessionAmount(input.amount, input.currency_code)
    if (!sameSentAmount(data.amount, input.amount, data) || input.currency_code.toUpperCase() !== data.currency) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        "amount: the gateway order cannot change its amount; create a new payment session",
      )
    }
    return { data: data }
  }
}
