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
 * Create a Medusa-free client of the acquiring gateway. Options are validated here
 * (GatewayOptionsError names the option); nothing is sent until a method is called.
 *
 * @example
 * ```ts
 * import { createGatewayClient } from "medusa-plugin-acquiring/gateway"
 *
 * const gateway = createGatewayClient({
 *   merchant_id: "1234567",
 *   mode: "test",
 *   test_base_url: "https://gateway.example/",       // given to the merchant by the gateway
 *   accounts: [
 *     { account_id: "123456701", sign_key: process.env.EUR_KEY!, currencies: ["EUR"] },
 *     { account_id: "123456702", sign_key: process.env.KEY! },   // fallback: any other currency
 *   ],
 * })
 *
 * const page = await gateway.checkout({ order_no: "ORD10001", currency: "EUR", amount: "12.50",
 *   return_url: "https://shop.example/return", notify_url: "https://shop.example/notify" })
 * // page.form.action, page.form.method, page.form.fields → post them from the storefront
 *
 * const { results, failed } = await gateway.refund({ refund_orders: [
 *   { transaction_id: "T1", order_no: "ORD10001", currency: "EUR", amount: "12.50", refund_amount: "2.50" },
 * ] })
 * const { orders_list } = await gateway.retrieveTransactions({ orders: ["ORD10001"] }, { currency: "EUR" })
 * ```
 */
export function createGatewayClient(input: GatewayClientOptionsInput): GatewayClient {
  return buildGatewayClient(parseClientOptions(input))
}

/** A client of options already resolved (the doctor's probes, which vary one operation). */
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

/**
 * capture, review, cancel and refund, one per batch row of OPERATION_TABLE (POST /v1/<op>,
 * gateway-interface.md §4.4–§4.7); per-request failures are listed in `failed`.
 */
function batchMethods(ctx: ClientContext): BatchMethods {
  const methods = BATCH_OPERATIONS.map((op) => [op, (req: unknown, opts?: CallOptions) => runBatch(ctx, op, req, opts)])
  return Object.fromEntries(methods) as BatchMethods
}
