import type { GatewayClient } from "../../gateway/client-types"
import { createGatewayClient } from "../../gateway"

/** One seam for building the client (the gateway package owns its option validation). */
export function buildGatewayClient(options: Record<string, unknown>): GatewayClient {
  return createGatewayClient(options as Parameters<typeof createGatewayClient>[0])
}
