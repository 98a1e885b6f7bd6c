import { createGatewayClient } from "../../../gateway"
import type { GatewayClient } from "../../../gateway/client-types"
import { parseAcquiringOptions, type AcquiringOptions } from "../options"
import { applySettings } from "./layers"
import { withPlaceholders } from "./unconfigured"
import type { MerchantSettings } from "./schema"

/** The options and client of one provider entry under one settings version (0: medusa-config.ts alone). */
export interface EffectiveSettings {
  config_id: string
  version: number
  options: AcquiringOptions
  client: GatewayClient
  /** The saved values, secrets in plain text: never leaves the server's memory. */
  stored: MerchantSettings | null
  missing: string[]
}

export function effectiveSettings(
  config_id: string,
  raw: Record<string, unknown>,
  version: number,
  stored: MerchantSettings | null,
): EffectiveSettings {
  const { raw: filled, missing } = withPlaceholders(applySettings(raw, stored))
  const options = parseAcquiringOptions(filled)
  return { config_id, version, options, client: createGatewayClient(options.clientInput as never), stored, missing }
}
