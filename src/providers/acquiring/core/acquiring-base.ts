import type {
  AuthorizePaymentInput,
  BigNumberInput,
  AuthorizePaymentOutput,
  CancelPaymentInput,
  CancelPaymentOutput,
  CapturePaymentInput,
  CapturePaymentOutput,
  CreateAccountHolderInput,
  CreateAccountHolderOutput,
  DeleteAccountHolderInput,
  DeleteAccountHolderOutput,
  DeletePaymentInput,
  DeletePaymentMethodInput,
  DeletePaymentMethodOutput,
  DeletePaymentOutput,
  GetPaymentStatusInput,
  GetPaymentStatusOutput,
  InitiatePaymentInput,
  InitiatePaymentOutput,
  ListPaymentMethodsInput,
  ListPaymentMethodsOutput,
  Logger,
  ProviderWebhookPayload,
  RefundPaymentInput,
  RefundPaymentOutput,
  RetrieveAccountHolderInput,
  RetrieveAccountHolderOutput,
  RetrievePaymentInput,
  RetrievePaymentOutput,
  SavePaymentMethodInput,
  SavePaymentMethodOutput,
  UpdateAccountHolderInput,
  UpdateAccountHolderOutput,
  UpdatePaymentInput,
  UpdatePaymentOutput,
  WebhookActionResult,
} from "@medusajs/framework/types"
import { AbstractPaymentProvider, MedusaError } from "@medusajs/framework/utils"
import { PAYMENT_STATUS } from "../../../gateway/status-codes"
import { logText } from "../../../gateway/log-text"
import type { GatewayClient } from "../../../gateway/client-types"
import { orderNoFromSession } from "../../../lib/acquiring/order-no"
import {
  assertSessionAmount,
  paymentGatewayAmount,
  positiveSessionMoney,
  sameSentAmount,
  toAmount,
} from "../../../lib/acquiring/money"
import { mapOrderRecord, statusOfData, type MappedStatus } from "../../../lib/acquiring/status"
import type { RequestContext } from "../mappers/payment-request"
import { parseAcquiringOptions, type AcquiringOptions, type SessionStatus } from "../../../lib/acquiring/options"
import { withPlaceholders } from "../../../lib/acquiring/settings/unconfigured"
import { CallSettings, LIFECYCLE } from "./call-settings"
import type { CartSnapshot } from "../../../lib/acquiring/snapshot/schema"
import { openSnapshot, sealKeyOf } from "../../../lib/acquiring/snapshot/seal"
import { SNAPSHOT_KEY } from "../../../lib/acquiring/snapshot/storefront-data"
import { ADOPT_KEY, openAdoptionTicket } from "../../../lib/acquiring/adoption"
import { toMedusaError } from "../../../lib/acquiring/errors"
import { isKept, keepAuthorisation } from "../../../lib/acquiring/kept"
import { lookupOrder, recordMatches, withRecord } from "../../../lib/acquiring/gateway-state"
import { capture, cancel, refund, refreshRefunds } from "../../../lib/acquiring/operations"
import { notifyUrl, resolveReturnUrls } from "../../../lib/acquiring/return-urls"
import {
  blanked,
  callerData,
  readData,
  tryReadData,
  type AcquiringData,
  type Variant,
} from "../../../lib/acquiring/payment-data"
import { webhookAction } from "../../../lib/acquiring/webhook"
import { SESSION_CARD_KEY } from "../../../lib/acquiring/saved-cards"
import type { OrderRecord } from "../../../gateway/schemas/transactions"
import { AccountHolders } from "./account-holders"
import { PaymentModuleReads } from "./payment-module-reads"

type Cradle = { logger?: Logger } & Record<string, unknown>

export interface StartInput {
  session_id: string
  snapshot: CartSnapshot | null
  ctx: RequestContext
  account_id?: string
}

/** Statuses this provider answers only once the shopper paid: Medusa holds the money from then on. */
const HELD_BY_MEDUSA = new Set<SessionStatus>(["authorized", "captured", "pending_authorization"])

/** Every lifecycle step; variants (hosted page, APM) only say how a payment starts and which statuses differ. */
export abstract class AcquiringBase extends AbstractPaymentProvider<Record<string, unknown>> {
  private readonly settings: CallSettings
  protected get opts(): AcquiringOptions {
    return this.settings.current().options
  }
  protected get client(): GatewayClient {
    return this.settings.current().client
  }
  protected readonly logger: Logger | Console
  /** Seals what only this server may vouch for: cart snapshots, confirmed captures, page tokens. */
  protected readonly sealKey: Buffer
  protected readonly holders: AccountHolders
  /** What Medusa does not hand a provider, read from the payment module. */
  private readonly module: PaymentModuleReads
  private readonly loggedCodes = new Set<string>()

  protected abstract readonly variant: Variant
  protected abstract start(input: StartInput): Promise<Record<string, unknown>>

  static override validateOptions(options: Record<string, unknown>): void {
    parseAcquiringOptions(withPlaceholders(options).raw)
  }

  constructor(cradle: Cradle, options: Record<string, unknown>) {
    super(cradle, options)
    this.settings = new CallSettings(this.container as Record<string, unknown>, options)
    this.settings.wrap(this, LIFECYCLE)
    this.logger = cradle.logger ?? console
    // Static config only: sealed snapshots and cards outlive a sign key saved in the admin.
    this.sealKey = sealKeyOf(this.settings.configOnly.options)
    this.module = new PaymentModuleReads(this.container as Record<string, unknown>)
    this.holders = new AccountHolders(this.module, this.logger, () => this.opts.provider.saved_cards, this.sealKey)
  }

  protected variantStatusDefaults(_d: AcquiringData): Record<string, SessionStatus> {
    return {}
  }

  protected mapStatus(record: Parameters<typeof mapOrderRecord>[0], data: AcquiringData): MappedStatus {
    const mapped = mapOrderRecord(record, this.opts.provider.status_map, this.variantStatusDefaults(data))
    if (!mapped.known && !this.loggedCodes.has(mapped.code)) {
      this.loggedCodes.add(mapped.code)
      this.logger.warn(
        `acquiring: unknown gateway status ${mapped.code} (order ${data.order_no}); treated as pending. Map it with the status_map option.`,
      )
    }
    return mapped
  }

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

  // Account holders and saved cards: Medusa 2.21's optional provider methods.
  async createAccountHolder(input: CreateAccountHolderInput): Promise<CreateAccountHolderOutput> {
    return this.holders.create(input)
  }

  async updateAccountHolder(input: UpdateAccountHolderInput): Promise<UpdateAccountHolderOutput> {
    return this.holders.update(input)
  }

  async deleteAccountHolder(input: DeleteAccountHolderInput): Promise<DeleteAccountHolderOutput> {
    return this.holders.delete(input)
  }

  async retrieveAccountHolder(input: RetrieveAccountHolderInput): Promise<RetrieveAccountHolderOutput> {
    return this.holders.retrieve(input)
  }

  async listPaymentMethods(input: ListPaymentMethodsInput): Promise<ListPaymentMethodsOutput> {
    return this.holders.listMethods(input)
  }

  async savePaymentMethod(input: SavePaymentMethodInput): Promise<SavePaymentMethodOutput> {
    return this.holders.save(input)
  }

  async deletePaymentMethod(input: DeletePaymentMethodInput): Promise<DeletePaymentMethodOutput> {
    return this.holders.deleteMethod(input)
  }

  /**
   * The sealed cart snapshot of our store middleware, checked against Medusa's amount and bound
   * to this session's payment collection (a snapshot sealed for another collection is refused).
   */
  private async trustedSnapshot(
    data: Record<string, unknown>,
    sessionId: string,
    amount: string,
    currency: string,
  ): Promise<CartSnapshot | null> {
    const sealed = data[SNAPSHOT_KEY]
    if (sealed === undefined || sealed === null) return null
    const s = openSnapshot(sealed, this.sealKey, this.opts.provider.snapshot_max_age_s)
    if (s.total !== amount || s.currency_code !== currency) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `The cart total (${s.total} ${s.currency_code}) differs from the payment amount (${amount} ${currency}); refresh the cart and start the payment again.`,
      )
    }
    if ((await this.module.sessionCollection(sessionId)) !== s.payment_collection_id) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        "The cart snapshot was sealed for another payment collection; start the payment again from the cart.",
      )
    }
    return s
  }

  /**
   * A session on an order's open collection that carries a kept authorisation's gateway order
   * (a kept authorisation): nothing is started at the gateway; authorising it asks the gateway as usual.
   */
  private async adopt(
    raw: unknown,
    sessionId: string,
    currency: string,
    dropped: string[],
  ): Promise<InitiatePaymentOutput> {
    const ticket = openAdoptionTicket(this.sealKey, raw)
    if ((await this.module.sessionCollection(sessionId)) !== ticket.collection_id) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "The adoption ticket was made for another payment collection.",
      )
    }
    const kept = tryReadData(await this.module.paymentData(ticket.payment_id))
    if (!isKept(kept) || kept.currency !== currency) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Payment ${ticket.payment_id} holds no kept authorisation in ${currency} to adopt.`,
      )
    }
    const { kept_authorisation: _, ...carried } = kept
    this.logger.info(`acquiring: kept order ${kept.order_no} adopted by session ${logText(sessionId, 40)}`)
    return {
      id: kept.order_no,
      status: "pending",
      data: { ...blanked([...dropped, ADOPT_KEY]), ...carried, adopted_from: ticket.payment_id },
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

  /** Ask the gateway: a browser return alone never authorises. */
  private async currentStatus(
    raw: unknown,
  ): Promise<{ status: SessionStatus; data: AcquiringData; record?: OrderRecord }> {
    const d = readData(raw)
    let record
    try {
      record = await lookupOrder(this.client, d)
    } catch (e) {
      throw toMedusaError(e, "Checking the payment")
    }
    const mapped = this.mapStatus(record, d)
    const data = withRecord(d, record, mapped.code)
    if (record && !recordMatches(record, d) && mapped.status !== "pending") {
      this.logger.warn(
        `acquiring: order ${d.order_no} amount/currency at the gateway differs from the session; refused`,
      )
      return { status: "error", data: { ...data, status_code: "amount_mismatch" } }
    }
    return { status: mapped.status, data: mapped.status === "pending" ? data : dropPage(data), record }
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

  /** A later Medusa amount of this payment as the gateway takes it (the session's currency rounding). */
  private gatewayAmount(value: BigNumberInput, d: AcquiringData): string {
    return paymentGatewayAmount(value, d, this.opts.provider)
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

  private heldByMedusa(d: AcquiringData): boolean {
    return HELD_BY_MEDUSA.has(statusOfData(d.status_code, this.opts.provider.status_map, this.variantStatusDefaults(d)))
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

  async getWebhookActionAndData(payload: ProviderWebhookPayload["payload"]): Promise<WebhookActionResult> {
    return webhookAction(payload, {
      client: this.client,
      logger: this.logger,
      mapStatus: (record, d) => this.mapStatus(record, d),
      variant: this.variant,
      declineReasons: this.opts.provider.decline_reasons,
    })
  }
}

/** The hosted page / issuer link is useless once the shopper has finished. */
function dropPage(d: AcquiringData): AcquiringData {
  const { html: _html, form: _form, ...rest } = d as AcquiringData & { html?: unknown; form?: unknown }
  return { ...rest, html: null, form: null } as AcquiringData
}
