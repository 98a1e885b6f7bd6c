import { createAccountBook } from "./accounts"
import type { GatewayClient } from "./client-types"
import type { ClientContext } from "./context"
import { authoriseOperation } from "./operations/authorise"
import { cancelOperation } from "./operations/cancel"
import { captureOperation } from "./operations/capture"
import { checkoutOperation } from "./operations/checkout"
import { parseNotificationOperation } from "./operations/notification"
import { payoutOperation } from "./operations/payout"
import { refundOperation } from "./operations/refund"
import { retrieveRefundsOperation } from "./operations/retrieve-refunds"
import { retrieveTransactionsOperation } from "./operations/retrieve-transactions"
import { reviewOperation } from "./operations/review"
import { parseClientOptions, type GatewayClientOptionsInput } from "./options"

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
  const options = parseClientOptions(input)
  const base = options.base_url ?? (options.mode === "test" ? options.test_base_url : options.live_base_url)!
  const ctx: ClientContext = {
    options,
    accounts: createAccountBook(options),
    baseUrl: base.replace(/\/+$/, ""),
    fetch: options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args)),
  }
  return {
    checkout: checkoutOperation(ctx),
    authorise: authoriseOperation(ctx),
    retrieveTransactions: retrieveTransactionsOperation(ctx),
    capture: captureOperation(ctx),
    review: reviewOperation(ctx),
    cancel: cancelOperation(ctx),
    refund: refundOperation(ctx),
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
