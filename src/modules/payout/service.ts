import { MedusaError, MedusaService } from "@medusajs/framework/utils"
import type { ConfigModule, InferTypeOf } from "@medusajs/framework/types"
import type { CallOptions, GatewayClient } from "../../gateway/client-types"
import type { Notification, PayoutRequest, PayoutResponse } from "../../gateway/schemas"
import { Payout } from "./models/payout"
import {
  parsePayoutModuleOptions,
  resolvePayoutOptions,
  type PayoutModuleOptions,
  type ResolvedPayoutOptions,
} from "./options"
import { buildGatewayClient } from "./gateway-client"
import { providerGatewayOf } from "./lib/provider-client"
import { acquiringProviderConfigs } from "../../lib/acquiring/config"
import { parseClientOptions, type GatewayClientOptions } from "../../gateway/options"
import { logger } from "@medusajs/framework/logger"
import { isGatewayError } from "../../gateway/errors"
import type { PayoutRecordInput } from "./lib/from-request"
import type { PayoutUpdate } from "./lib/gateway-update"

export type PayoutDTO = InferTypeOf<typeof Payout>
type CreatePayoutData = Partial<PayoutDTO>
export type PayoutPatch = Partial<PayoutUpdate> & { submitted_at?: Date; account_id?: string }

/** The gateway client is built on first use: a store that never pays out needs none. */
class PayoutModuleService extends MedusaService({ Payout }) {
  protected readonly options_: PayoutModuleOptions
  private gateway_?: { client: GatewayClient; options: GatewayClientOptions }
  private readonly configModule_?: ConfigModule

  constructor(container: Record<string, unknown>, options?: unknown) {
    // eslint-disable-next-line prefer-rest-params
    super(...arguments)
    this.options_ = parsePayoutModuleOptions(options)
    this.configModule_ = (container as { configModule?: ConfigModule }).configModule
  }

  // eslint-disable-next-line @medusajs/service-methods-must-be-async -- a synchronous accessor, no I/O
  payoutOptions(): ResolvedPayoutOptions {
    return resolvePayoutOptions(this.options_.payouts, this.gateway().options)
  }

  // eslint-disable-next-line @medusajs/service-methods-must-be-async -- a synchronous accessor, no I/O
  gatewayClient(): GatewayClient {
    return this.gateway().client
  }

  private gateway() {
    if (!this.gateway_) {
      try {
        if (this.options_.gateway) {
          const options = parseClientOptions(this.options_.gateway, (m) => logger.warn(m))
          this.gateway_ = { client: buildGatewayClient(options), options }
        } else {
          const { client, options } = providerGatewayOf(this.configModule_, this.options_.payouts.provider)
          this.gateway_ = { client, options: options.client }
        }
      } catch (e) {
        // Names the option to fix: a 400, not an anonymous 500.
        if (isGatewayError(e)) throw new MedusaError(MedusaError.Types.INVALID_DATA, e.message)
        throw e
      }
    }
    return this.gateway_
  }

  /** Amounts are decimal strings: bigNumber columns keep every digit; the generated input type says number. */
  async createPayoutRecord(data: PayoutRecordInput): Promise<PayoutDTO> {
    const [created] = await this.createPayouts([data as unknown as CreatePayoutData])
    return created
  }

  async patchPayout(id: string, patch: PayoutPatch): Promise<PayoutDTO> {
    const [updated] = await this.updatePayouts([{ id, ...patch } as unknown as CreatePayoutData & { id: string }])
    return updated
  }

  /** The acquiring provider entry whose saved settings payouts follow (payouts.provider, else the only one). */
  // eslint-disable-next-line @medusajs/service-methods-must-be-async -- a synchronous accessor, no I/O
  settingsEntryId(): string | null {
    const ids = this.configModule_ ? acquiringProviderConfigs(this.configModule_).map((p) => p.config_id) : []
    return this.options_.payouts.provider ?? (ids.length === 1 ? ids[0] : null)
  }

  /** Whether payouts sign with the provider's credentials (no plugin option `gateway`). */
  // eslint-disable-next-line @medusajs/service-methods-must-be-async -- a synchronous accessor, no I/O
  paysThroughProvider(): boolean {
    return !this.options_.gateway
  }

  /** Idempotent at the gateway on request_id; `client`: the provider's newest saved settings. */
  async sendPayout(req: PayoutRequest, opts?: CallOptions, client?: GatewayClient): Promise<PayoutResponse> {
    return (client ?? this.gatewayClient()).payout(req, opts)
  }

  /** Verified with `client` when given: the provider's newest saved settings, whose keys sign the payouts sent. */
  // eslint-disable-next-line @medusajs/service-methods-must-be-async -- a synchronous accessor, no I/O
  parseNotification(body: string | Record<string, unknown>, client?: GatewayClient): Notification {
    return (client ?? this.gatewayClient()).parseNotification(body, "payout")
  }
}

export default PayoutModuleService
