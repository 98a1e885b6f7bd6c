import { presentConfig } from "../present"
import { parseAcquiringOptions } from "../../../../../lib/acquiring/options"

describe("settings view", () => {
  const options = parseAcquiringOptions({
    merchant_id: "1000001",
    accounts: [
      { account_id: "100000101", sign_key: "very-secret-key-1", currencies: ["EUR"] },
      { account_id: "100000102", sign_key: "very-secret-key-2" },
    ],
    test_base_url: "https://gw.example/api",
    store_url: "https://shop.example",
    snapshot_secret: "snapshot-secret-0123456789-0123456789",
    headers: { "x-api-token": "token-never-shown" },
    reconcile_interval_minutes: 5,
  })
  const view = presentConfig({ config_id: "acq", provider_ids: ["pp_acquiring_acq", "pp_acquiring-apm_acq"], options })

  it("shows accounts, currencies, mode and reconciliation settings", () => {
    expect(view).toMatchObject({
      config_id: "acq",
      merchant_id: "1000001",
      mode: "test",
      gateway_origin: "https://gw.example",
      accounts: [
        { account_id: "100000101", currencies: ["EUR"], fallback: false },
        { account_id: "100000102", currencies: [], fallback: true },
      ],
      notify_url: "https://shop.example/hooks/acquiring/notify",
      reconciliation: { enabled: true, interval_minutes: 5, lookback_days: 30, complete_carts: true },
    })
  })

  it("never carries a key, secret or header value", () => {
    const text = JSON.stringify(view)
    for (const secret of ["very-secret-key", "snapshot-secret", "token-never-shown", "sign_key"])
      expect(text).not.toContain(secret)
  })
})
