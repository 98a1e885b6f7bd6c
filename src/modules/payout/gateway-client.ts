import type { GatewayClient } from "../../gateway/client-types"
import { buildGatewayClient as build } from "../../gateway/client"
import type { GatewayClientOptions } from "../../gateway/options"

export function buildGatewayClient(options: GatewayClientOptions): GatewayClient {
  return build(options)
}
