import type { GatewayClient } from "../../gateway/client-types"
import { buildGatewayClient as build } from "../../gateway/client"
import type { GatewayClientOptions } from "../../gateway/options"

/** One seam for building the client from options already resolved (the gateway package validates them). */
export function buildGatewayClient(options: GatewayClientOptions): GatewayClient {
  return build(options)
}
