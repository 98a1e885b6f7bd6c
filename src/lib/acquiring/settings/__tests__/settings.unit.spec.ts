import { settingsChanges } from "../changes"
import { settingsCipher } from "../cipher"
import { effectiveSettings } from "../effective"
import { maskSecret } from "../fields"
import { settingsForm } from "../form"
import { applySettings, lockedKeys, orderSettings, settingDefault } from "../layers"
import { MerchantSettings, PER_ORDER_SETTINGS } from "../schema"
import { maskSecrets, openSecrets, sealSecrets, unmaskSecrets } from "../secrets"

const env = { ACQUIRING_SETTINGS_KEY: "k".repeat(40) }
const base = { store_url: "https://shop.example", test_base_url: "https://gw.example" }
const config = { ...base, merchant_id: "1000001", accounts: [{ account_id: "100", sign_key: "config-key-1234" }] }
const stored: MerchantSettings = {
  capture_mode: "automatic",
  accounts: [{ account_id: "200", sign_key: "stored-key-9876", currencies: [] }],
  apm_methods: [{ method: "wallet", title: "Pay by wallet" }],
}

describe("merchant settings", () => {
  it("encrypts secrets with AES-256-GCM and opens them only with the same key", () => {
    const cipher = settingsCipher(env)!
    const sealed = sealSecrets(stored, cipher)
    expect(JSON.stringify(sealed)).not.toContain("stored-key")
    expect(openSecrets(sealed, cipher).accounts![0].sign_key).toBe("stored-key-9876")
    expect(() => openSecrets(sealed, settingsCipher({ ACQUIRING_SETTINGS_KEY: "x".repeat(40) })!)).toThrow(
      /does not decrypt with ACQUIRING_SETTINGS_KEY/,
    )
    expect(settingsCipher({})).toBeNull()
    expect(settingsCipher({ ACQUIRING_SETTINGS_KEY: "short" })).toBeNull()
  })

  it("shows secrets by their last four characters; the masked value sent back keeps the key", () => {
    const masked = maskSecrets(stored)
    expect(masked.accounts![0].sign_key).toBe(maskSecret("stored-key-9876"))
    expect(masked.accounts![0].sign_key.endsWith("9876")).toBe(true)
    expect(unmaskSecrets(masked, stored.accounts).accounts![0].sign_key).toBe("stored-key-9876")
    const other = { accounts: [{ account_id: "300", sign_key: masked.accounts![0].sign_key, currencies: [] }] }
    expect(() => unmaskSecrets(other, stored.accounts)).toThrow(/enter the sign key of account 300/)
  })

  it("medusa-config.ts locks its fields, else the saved value, else the default", () => {
    expect([...lockedKeys(config)].sort()).toEqual(["accounts", "merchant_id", "test_base_url"])
    const applied = applySettings(config, stored)
    expect(applied.accounts).toEqual(config.accounts)
    expect(applied.capture_mode).toBe("automatic")
    expect(applied.allowed_payment_methods).toEqual(["wallet"])
    expect(applied.payment_method_titles).toEqual({ wallet: "Pay by wallet" })
    expect(applySettings(config, null)).toBe(config)
    expect(settingDefault("capture_mode")).toBe("manual")
    expect(settingDefault("reconcile_interval_minutes")).toBe(15)
  })

  it("an entry without accounts in medusa-config.ts takes the saved ones", () => {
    const s = effectiveSettings("acq", base, 3, { ...stored, merchant_id: "1000002" })
    expect(s.missing).toEqual([])
    expect(s.options.client.accounts.map((a) => a.account_id)).toEqual(["200"])
    expect(effectiveSettings("acq", base, 0, null).missing).toEqual(["merchant_id", "accounts"])
  })

  it("generates the grouped form with kinds, limits, locks and list items from the schema", () => {
    const groups = settingsForm({ values: maskSecrets(stored), defaults: settingDefault, locked: lockedKeys(config) })
    expect(groups.map((g) => g.title)).toEqual([
      "Connection",
      "Checkout",
      "Payment methods a shopper sees",
      "After checkout",
      "Notifications and reconciliation",
      "Saved cards",
      "Payouts",
    ])
    const fields = groups.flatMap((g) => g.fields)
    const byKey = Object.fromEntries(fields.map((f) => [f.key, f]))
    expect(byKey.merchant_id).toMatchObject({ kind: "string", required: true, locked: "medusa-config.ts", max: 7 })
    expect(byKey.capture_mode).toMatchObject({
      kind: "enum",
      options: ["manual", "on_fulfillment", "automatic"],
      default: "manual",
    })
    expect(byKey.reconcile_interval_minutes).toMatchObject({ kind: "integer", min: 1, max: 1440, locked: null })
    expect(byKey.accounts.item_fields!.map((f) => [f.key, f.kind])).toEqual([
      ["account_id", "string"],
      ["sign_key", "secret"],
      ["currencies", "list"],
    ])
    expect(JSON.stringify(groups)).not.toContain("stored-key")
  })

  it("the audit shows a changed sign key only as changed", () => {
    const next = { ...stored, accounts: [{ account_id: "200", sign_key: "rotated-key-5555", currencies: [] }] }
    const changes = settingsChanges(stored, next)
    expect(changes).toEqual([
      {
        key: "accounts",
        from: [{ account_id: "200", currencies: [] }],
        to: [{ account_id: "200", currencies: [], sign_key: "changed" }],
      },
    ])
    expect(JSON.stringify(changes)).not.toMatch(/rotated|stored-key|9876|5555/)
    expect(settingsChanges(stored, { ...stored, capture_mode: "manual" })).toEqual([
      { key: "capture_mode", from: "automatic", to: "manual" },
    ])
  })

  it("a gateway order keeps the credentials of its version and takes the newest policies", () => {
    expect([...PER_ORDER_SETTINGS].sort()).toEqual([
      "accounts",
      "live_base_url",
      "merchant_id",
      "mode",
      "test_base_url",
    ])
    const opened: MerchantSettings = { ...stored, merchant_id: "1000002", orphans: "settle" }
    const newest: MerchantSettings = {
      merchant_id: "1000003",
      accounts: [{ account_id: "300", sign_key: "newest-key-5555", currencies: [] }],
      capture_mode: "manual",
      orphans: "report",
    }
    expect(orderSettings(opened, newest)).toEqual({
      merchant_id: "1000002",
      accounts: stored.accounts,
      capture_mode: "manual",
      orphans: "report",
    })
    // Opened under medusa-config.ts alone: its credentials stay the config's, the saved policies count.
    const s = effectiveSettings("acquiring", config, 0, orderSettings(null, newest))
    expect(s.options.client.accounts.map((a) => a.sign_key)).toEqual(["config-key-1234"])
    expect(s.options.provider.orphans).toBe("report")
    expect(orderSettings(null, null)).toBeNull()
  })
})
