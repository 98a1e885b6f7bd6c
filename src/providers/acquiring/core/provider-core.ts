import type {
  BigNumberInput,
  CreateAccountHolderInput,
  CreateAccountHolderOutput,
  DeleteAccountHolderInput,
  DeleteAccountHolderOutput,
  DeletePaymentMethodInput,
  DeletePaymentMethodOutput,
  InitiatePaymentOutput,
  ListPaymentMethodsInput,
  ListPaymentMethodsOutput,
  Logger,
  ProviderWebhookPayload,
  RetrieveAccountHolderInput,
  RetrieveAccountHolderOutput,
  SavePaymentMethodInput,
  SavePaymentMethodOutput,
  UpdateAccountHolderInput,
  UpdateAccountHolderOutput,
  WebhookActionResult,
} from "@medusajs/framework/types"
import { AbstractPaymentProvider, MedusaError } from "@medusajs/framework/utils"
import { logText } from "../../../gateway/log-text"
import type { GatewayClient } from "../../../gateway/client-types"
import { paymentGatewayAmount } from "../../../lib/acquiring/money"
import { mapOrderRecord, statusOfData, type MappedStatus } from "../../../lib/acquiring/status"
import { parseAcquiringOptions, type AcquiringOptions, type SessionStatus } from "../../../lib/acquiring/options"
import { withPlaceholders } from "../../../lib/acquiring/settings/unconfigured"
import { CallSettings, LIFECYCLE } from "./call-settings"
import type { CartSnapshot } from "../../../lib/acquiring/snapshot/schema"
import { openSnapshot, sealKeyOf } from "../../../lib/acquiring/snapshot/seal"
import { SNAPSHOT_KEY } from "../../../lib/acquiring/snapshot/storefront-data"
import { ADOPT_KEY, openAdoptionTicket } from "../../../lib/acquiring/adoption"
import { toMedusaError } from "../../../lib/acquiring/errors"
import { isKept } from "../../../lib/acquiring/kept"
import { lookupOrder, recordMatches, withRecord } from "../../../lib/acquiring/gateway-state"
import { blanked, readData, tryReadData, type AcquiringData, type Variant } from "../../../lib/acquiring/payment-data"
import { webhookAction } from "../../../lib/acquiring/webhook"
import type { OrderRecord } from "../../../gateway/schemas/transactions"
import { AccountHolders } from "./account-holders"
import { PaymentModuleReads } from "./payment-module-reads"

type Cradle = { logger?: Logger } & Record<string, unknown>

/** Statuses this provider answers only once the shopper paid: Medusa holds the money from then on. */
const HELD_BY_MEDUSA = new Set<SessionStatus>(["authorized", "captured", "pending_authorization"])

/** The provider's state and its reads: settings, status mapping, snapshots, adoption and saved cards. */
export abstract class AcquiringCore extends AbstractPaymentProvider<Record<string, unknown>> {
  protected readonly settings: CallSettings
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
  protected readonly module: PaymentModuleReads
  private readonly loggedCodes = new Set<string>()

  protected abstract readonly variant: Variant

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
  protected async trustedSnapshot(
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
  protected async adopt(
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

  /** Ask the gateway: a browser return alone never authorises. */
  protected async currentStatus(
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

  /** A later Medusa amount of this payment as the gateway takes it (the session's currency rounding). */
  protected gatewayAmount(value: BigNumberInput, d: AcquiringData): string {
    return paymentGatewayAmount(value, d, this.opts.provider)
  }

  protected heldByMedusa(d: AcquiringData): boolean {
    return HELD_BY_MEDUSA.has(statusOfData(d.status_code, this.opts.provider.status_map, this.variantStatusDefaults(d)))
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
