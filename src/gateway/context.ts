import type { AccountBook } from "./accounts"
import type { GatewayClientOptions } from "./options"

/** What every operation needs: validated options, the accounts, where and how to send. */
export interface ClientContext {
  options: GatewayClientOptions
  accounts: AccountBook
  /** Base URL without a trailing slash; operation paths (`/v1/...`) are appended. */
  baseUrl: string
  fetch: typeof fetch
}
