/** Provider options of the unit tests that start a session against a fake gateway (fetch given per test). */
export const PROVIDER_TEST_OPTIONS = {
  merchant_id: "1234567",
  accounts: [{ account_id: "123456701", sign_key: "EurKey-Secret1" }],
  test_base_url: "https://gw.test",
  store_url: "https://api.shop.example",
  default_return_url: "https://shop.example/return",
}
