import { AsyncLocalStorage } from "node:async_hooks"
import { isDeepStrictEqual } from "node:util"
import type { ConfigModule } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { acquiringProviderConfigs } from "../../../lib/acquiring/config"
import { effectiveSettings, type EffectiveSettings } from "../../../lib/acquiring/settings/effective"
import { orderNoOf } from "../../../lib/acquiring/settings/order-of-call"

interface SettingsSource {
  effectiveSettings(configId: string, version?: number): Promise<EffectiveSettings>
  knownSettings(configId: string): EffectiveSettings | null
  settingsVersionsOf(orderNos: string[]): Promise<Map<string, number>>
}

/** The module key of the plugin's module, as registered in the Medusa config. */
const OWNER_KEY = "acquiring"

export const LIFECYCLE = [
  "initiatePayment",
  "authorizePayment",
  "getPaymentStatus",
  "capturePayment",
  "refundPayment",
  "cancelPayment",
  "deletePayment",
  "retrievePayment",
  "updatePayment",
  "getWebhookActionAndData",
  "createAccountHolder",
  "updateAccountHolder",
  "deleteAccountHolder",
  "retrieveAccountHolder",
  "listPaymentMethods",
  "savePaymentMethod",
  "deletePaymentMethod",
] as const

/**
 * A new payment takes the newest saved settings; later calls on it the version it was opened
 * under, so a rotated sign key breaks no open payment.
 */
export class CallSettings {
  readonly configOnly: EffectiveSettings
  private readonly call = new AsyncLocalStorage<EffectiveSettings>()
  private readonly configId: string | null

  constructor(
    private readonly container: Record<string, unknown>,
    options: Record<string, unknown>,
  ) {
    this.configId = entryIdOf(container, options)
    this.configOnly = effectiveSettings(this.configId ?? "", options, 0, null)
  }

  private source(): SettingsSource | null {
    if (!this.configId) return null
    try {
      return (this.container[OWNER_KEY] as SettingsSource | undefined) ?? null
    } catch {
      return null // not registered in the payment module's container: config only
    }
  }

  /** The settings of the call in progress (outside one: the newest this process has read). */
  current(): EffectiveSettings {
    return this.call.getStore() ?? this.source()?.knownSettings(this.configId!) ?? this.configOnly
  }

  private async resolve(method: string, input: unknown): Promise<EffectiveSettings> {
    const source = this.source()
    if (!source) return this.configOnly
    const data = (input as { data?: Record<string, unknown> } | undefined)?.data
    if (method === "initiatePayment" || method.includes("Account") || method.includes("PaymentMethod"))
      return source.effectiveSettings(this.configId!)
    if (method === "getWebhookActionAndData") {
      const orderNo = orderNoOf(data)
      const v = orderNo ? (await source.settingsVersionsOf([orderNo])).get(orderNo) : undefined
      return source.effectiveSettings(this.configId!, v)
    }
    const v = data?.settings_version
    return source.effectiveSettings(this.configId!, typeof v === "number" && Number.isInteger(v) && v >= 0 ? v : 0)
  }

  wrap(target: object, methods: readonly string[]) {
    const t = target as Record<string, (input: unknown) => Promise<unknown>>
    for (const name of methods) {
      const original = t[name]
      if (typeof original !== "function") continue
      t[name] = async (input: unknown) => {
        const s = await this.resolve(name, input)
        if (name === "initiatePayment" && s.missing.length)
          throw new MedusaError(
            MedusaError.Types.INVALID_DATA,
            `The acquiring provider ${s.config_id} is not configured: set ${s.missing.join(", ")} in the admin (Settings → Acquiring gateway) or in medusa-config.ts`,
          )
        return this.call.run(s, () => original.call(target, input))
      }
    }
  }
}

/** The provider entry's `id` in medusa-config.ts: the acquiring entry given these options. */
function entryIdOf(container: Record<string, unknown>, options: Record<string, unknown>): string | null {
  let config: ConfigModule | undefined
  try {
    config = container.configModule as ConfigModule | undefined
  } catch {
    return null
  }
  if (!config?.modules) return null
  const entries = acquiringProviderConfigs(config)
  const same = entries.filter((e) => e.raw_options === options)
  const equal = same.length ? same : entries.filter((e) => isDeepStrictEqual(e.raw_options, options))
  return equal.length === 1 ? equal[0].config_id : null
}
