import { fakeFetch, fixture } from "../../../gateway/__tests__/helpers/fake-gateway"
import { AcquiringHostedService } from "../services/hosted"

/** Provider options of the unit tests that start a session against a fake gateway (fetch given per test). */
export const PROVIDER_TEST_OPTIONS = {
  merchant_id: "1234567",
  accounts: [{ account_id: "123456701", sign_key: "EurKey-Secret1" }],
  test_base_url: "https://gw.test",
  store_url: "https://api.shop.example",
  default_return_url: "https://shop.example/return",
}

/** The session id the provider tests start with (its order_no is `payses01J…`). */
export const TEST_SESSION_ID = "payses_01JABCDEFGHJKMNPQRSTVWXYZ0"

/**
 * The hosted provider on `options` against a fake gateway that answers every call with the checkout
 * page fixture; `start` initiates TEST_SESSION_ID's payment, `calls` are the requests it sent.
 */
export function hostedProvider(options: Record<string, unknown>) {
  const page = fixture("checkout-page-helper.html")
  const fake = fakeFetch(() => new Response(page, { status: 200, headers: { "content-type": "text/html" } }))
  const service = new AcquiringHostedService({ logger: { info() {}, warn() {}, error() {}, debug() {} } } as never, {
    ...options,
    fetch: fake.fetch,
  })
  const start = (amount: unknown, currency_code = "eur") =>
    service.initiatePayment({
      amount,
      currency_code,
      data: { session_id: TEST_SESSION_ID },
      context: { idempotency_key: TEST_SESSION_ID },
    } as never)
  return { service, start, calls: fake.calls }
}
