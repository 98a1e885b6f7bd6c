import { logger } from "@medusajs/framework/logger"
import { resetDeprecationWarnings } from "../../../gateway/deprecated-options"
import { INTERNALS } from "../../../gateway/internals"
import { parseAcquiringOptions } from "../options"

const good = {
  merchant_id: "1000001",
  accounts: [{ account_id: "100000101", sign_key: "k1" }],
  test_base_url: "http://127.0.0.1:1",
  store_url: "https://store.example",
}

/** A store's provider options from before the profile: gateway facts and internals as flat keys. */
const before = {
  ...good,
  capture_mode: "automatic",
  status_map: { "1100": "pending" },
  decline_reasons: { E0042: "insufficient_funds" },
  dispute_status_map: { OPEN: "opened" },
  currency_digits: { HUF: 0 },
  capture_window_days: 5,
  encodings: { authorise: "json" },
  notification_formats: { transaction_id: "^T[0-9]+$" },
  saved_cards: { enabled: false, token_field: "card_token" },
  timeout_ms: 5_000,
  query_retries: 0,
  snapshot_secret: "integration-test-snapshot-secret-0123456789",
  unplaceable_grace_minutes: 3,
}

/** The same store written today: the facts in gateway_profile, the internals left to the constants. */
const after = {
  ...good,
  capture_mode: "automatic",
  saved_cards: { enabled: false },
  gateway_profile: {
    extends: "documented",
    status_map: { "1100": "pending" },
    decline_reasons: { E0042: "insufficient_funds" },
    dispute_status_map: { OPEN: "opened" },
    currency_digits: { HUF: 0 },
    capture_window_days: 5,
    encodings: { authorise: "json" },
    notification_formats: { transaction_id: "^T[0-9]+$" },
    saved_card_fields: { token_field: "card_token" },
  },
}

describe("provider options: gateway profile, internals and the old keys", () => {
  let warn: jest.SpyInstance
  beforeEach(() => {
    resetDeprecationWarnings()
    warn = jest.spyOn(logger, "warn").mockImplementation(() => undefined as never)
  })
  afterEach(() => warn.mockRestore())

  it("a store's options from before the profile read as the profile and constants they map onto", () => {
    const old = parseAcquiringOptions(before)
    const now = parseAcquiringOptions(after)
    const internals = ["snapshot_secret", "unplaceable_grace_minutes"] as const
    for (const key of internals) expect(old.provider[key]).not.toEqual(now.provider[key])
    const strip = (o: typeof old.provider) => ({ ...o, snapshot_secret: undefined, unplaceable_grace_minutes: 0 })
    expect(strip(old.provider)).toEqual(strip(now.provider))
    expect(old.provider.saved_cards).toEqual({
      enabled: false,
      token_field: "card_token",
      card_fields: { brand: "card_brand", last4: "card_last4", expiry: "card_expiry" },
    })
    expect({ ...old.client, timeout_ms: 0, query_retries: 0 }).toEqual({
      ...now.client,
      timeout_ms: 0,
      query_retries: 0,
    })
    expect(old.client.timeout_ms).toBe(5_000)
    expect(now.client.timeout_ms).toBe(INTERNALS.timeout_ms)
    expect(now.client.encodings.authorise).toBe("json")
    // The provider still narrows order numbers to its own where the merchant wrote no format.
    expect(now.client.notification_formats.order_no).toMatch(/^\^payses/)
  })

  it("one warning per old key and process, naming the new place", () => {
    parseAcquiringOptions(before)
    parseAcquiringOptions(before)
    const messages = warn.mock.calls.map((c) => String(c[0]))
    expect(messages).toHaveLength(12)
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/provider option status_map is deprecated .* gateway_profile\.status_map/),
        expect.stringMatching(/provider option encodings is deprecated .* gateway_profile\.encodings/),
        expect.stringMatching(
          /saved_cards\.token_field is deprecated .* gateway_profile\.saved_card_fields\.token_field/,
        ),
        expect.stringMatching(/provider option timeout_ms is deprecated .* INTERNALS\.timeout_ms/),
        expect.stringMatching(/provider option snapshot_secret is deprecated .* INTERNALS\.snapshot_secret/),
      ]),
    )
    warn.mockClear()
    parseAcquiringOptions(after)
    expect(warn).not.toHaveBeenCalled()
  })

  it("gateway_profile: legacy gives the engine's readings to the client", () => {
    const o = parseAcquiringOptions({ ...good, gateway_profile: "legacy" })
    expect(o.client).toMatchObject({
      gateway_profile: "legacy",
      notification_naming: "legacy",
      payout_amount_unit: "major",
    })
    expect(o.clientInput.gateway_profile).toMatchObject({ extends: "legacy" })
  })

  it.each([
    [{ gateway_profile: { extends: "documented", status_map: { "1100": "paid" } } }, "gateway_profile.status_map.1100"],
    [{ gateway_profile: { extends: "documented", capture_window_days: 90 } }, "gateway_profile.capture_window_days"],
    [
      { gateway_profile: { extends: "documented", saved_card_fields: { token_field: "1 x" } } },
      "gateway_profile.saved_card_fields.token_field",
    ],
    [{ gateway_profile: "documentd" }, "gateway_profile"],
    [{ status_map: { "1100": "paid" } }, "status_map.1100"],
    [{ snapshot_secret: "short" }, "snapshot_secret"],
    [{ timeout_ms: -1 }, "timeout_ms"],
    [{ statusmap: {} }, "statusmap"],
  ])("%j is refused naming %s", (extra, path) => {
    expect(() => parseAcquiringOptions({ ...good, ...extra })).toThrow(`Invalid acquiring provider option ${path}:`)
  })
})
