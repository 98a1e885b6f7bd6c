import type { AccountBook } from "./accounts"
import type { GatewayClientOptions } from "./options"

export interface ClientContext {
  options: GatewayClientOptions
  accounts: AccountBook
  /** No trailing slash. */
  baseUrl: string
  fetch: typeof fetch
}
