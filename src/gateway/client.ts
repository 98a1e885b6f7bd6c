import { createAccountBook } from "./accounts"
import { runBatch } from "./batch"
import type { BatchMethods, CallOptions, GatewayClient } from "./client-types"
import type { ClientContext } from "./context"
import { authoriseOperation } from "./operations/authorise"
import { checkoutOperation } from "./operations/checkout"
import { parseNotificationOperation } from "./operations/notification"
import { BATCH_OPERATIONS } from "./operations-table"
import { payoutOperation } from "./operations/payout"
import { retrieveRefundsOperation } from "./operations/retrieve-refunds"
import { retrieveTransactionsOperation } from "./operations/retrieve-transactions"
import { parseClientOptions, type GatewayClientOptions, type GatewayClientOptionsInput } from "./options"

/**
 * A Medusa-free client of the acquiring gateway; options are validated here, nothing is sent until a call.
 *
 * @example
 * const gateway = createGatewayClient({ merchant_id, mode: "test", test_base_url, accounts: [{ account_id, sign_key }] })
 */
export function createGatewayClient(input: GatewayClientOptionsInput): GatewayClient {
  return buildGatewayClient(parseClientOptions(input))
}

/** For options already resolved (the doctor's probes vary one operation). */
export function buildGatewayClient(options: GatewayClientOptions): GatewayClient {
  const baseUrl = options.base_url ?? (options.mode === "test" ? options.test_base_url : options.live_base_url)!
  const ctx: ClientContext = {
    options,
    accounts: createAccountBook(options),
    baseUrl: baseUrl.replace(/\/+$/, ""),
    fetch: options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args)),
  }
  return {
    checkout: checkoutOperation(ctx),
    authorise: authoriseOperation(ctx),
    retrieveTransactions: retrieveTransactionsOperation(ctx),
    ...batchMethods(ctx),
    retrieveRefunds: retrieveRefundsOperation(ctx),
    payout: payoutOperation(ctx),
    parseNotification: parseNotificationOperation(ctx),
    accounts: () => ctx.accounts.list(),
    accountFor: (currency) => {
      try {
        return ctx.accounts.pick({ currency }).account_id
      } catch {
        return undefined
      }
    },
  }
}

/** capture, review, cancel and refund (the spec §4.4–§4.7); per-request failures are listed in `failed`. */
function batchMethods(ctx: ClientContext): BatchMethods {
  const methods = BATCH_OPERATIONS.map((op) => [op, (req: unknown, opts?: CallOptions) => runBatch(ctx, op, req, opts)])
  return Object.fromEntries(methods) as BatchMethods
}
