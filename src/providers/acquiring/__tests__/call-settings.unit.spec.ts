import { effectiveSettings } from "../../../lib/acquiring/settings/effective"
import { CallSettings } from "../core/call-settings"

const options = { store_url: "https://shop.example", test_base_url: "https://gw.example" }
const account = (sign_key: string) => ({
  merchant_id: "1000001",
  accounts: [{ account_id: "100", sign_key, currencies: [] }],
})
const versions = [null, account("key-one-1111"), account("key-two-2222")].map((v, i) =>
  effectiveSettings("acq", options, i, v),
)

function provider(withOwner: boolean) {
  const asked: Array<number | undefined> = []
  const owner = {
    effectiveSettings: async (_id: string, v?: number) => (asked.push(v), versions[v ?? 2]),
    knownSettings: () => versions[2],
    settingsVersionsOf: async (nos: string[]) => new Map(nos.map((n) => [n, 1])),
  }
  const container = {
    configModule: {
      modules: { payment: { options: { providers: [{ resolve: "./acquiring", id: "acq", options }] } } },
    },
    ...(withOwner && { acquiring: owner }),
  }
  const settings = new CallSettings(container, options)
  const seen: string[] = []
  const target = {
    async initiatePayment(_input?: unknown) {
      seen.push(settings.current().options.client.accounts[0].sign_key)
    },
    async capturePayment(_input?: unknown) {
      seen.push(settings.current().options.client.accounts[0].sign_key)
    },
    async getWebhookActionAndData(_input?: unknown) {
      seen.push(settings.current().options.client.accounts[0].sign_key)
    },
  }
  settings.wrap(target, ["initiatePayment", "capturePayment", "getWebhookActionAndData"])
  return { target, seen, asked, settings }
}

describe("the settings version of each provider call", () => {
  it("a new payment takes the newest version; later calls and notifications the order's own", async () => {
    const { target, seen, asked } = provider(true)
    await target.initiatePayment()
    await target.capturePayment({ data: { settings_version: 1 } } as never)
    await target.getWebhookActionAndData({ data: { order_no: "MD1" } } as never)
    expect(seen).toEqual(["key-two-2222", "key-one-1111", "key-one-1111"])
    expect(asked).toEqual([undefined, 1, 1])
  })

  it("refuses to start a payment while the connection is set nowhere", async () => {
    const { target } = provider(true)
    const owner = (target as never as { initiatePayment: (i: unknown) => Promise<void> }).initiatePayment
    versions[2] = effectiveSettings("acq", options, 2, {})
    await expect(owner({} as never)).rejects.toThrow(/not configured: set merchant_id, accounts/)
  })

  it("without our module among the payment module's dependencies: medusa-config.ts alone", async () => {
    const { target, settings } = provider(false)
    expect(settings.current().version).toBe(0)
    await expect(target.initiatePayment({} as never)).rejects.toThrow(/not configured/)
  })
})
