import { DEFAULT_MERCHANTS } from "../../src/sandbox"
import { useAcquiringEnv } from "./helpers/acquiring-env"
import { acquiringTestRunner } from "./helpers/acquiring-suite"
import { placeOrder } from "./helpers/acquiring-orders"
import { adminOrder } from "./helpers/acquiring-store"
import { editAddingTee } from "./helpers/order-payments"

jest.setTimeout(600_000)

const MERCHANT = "1000002"
const OLD = { account_id: "100000201", sign_key: "seal-old-key-Vn3c" }
const NEW = { account_id: "100000202", sign_key: "seal-new-key-Hy8d" }
const HOSTED = "pp_acquiring_settings"

process.env.ACQ_SETTINGS_ENTRY = "1"
process.env.ACQUIRING_SETTINGS_KEY = "integration-settings-key-0123456789abcdef"
// As a real store runs: no snapshot_secret, so the seal key is derived from medusa-config.ts alone.
process.env.ACQUIRING_TEST_INTERNALS = JSON.stringify({ timeout_ms: 5_000, query_retries: 0 })

const env = useAcquiringEnv({
  merchants: [
    ...DEFAULT_MERCHANTS,
    { merchant_id: MERCHANT, accounts: [OLD, NEW].map((a) => ({ ...a, capture_mode: "authorise" as const })) },
  ],
})

/**
 * Issue #35: what the server seals (the cart snapshot, the kept authorisation's adoption ticket) is
 * sealed with the key the provider opens it with, medusa-config's, never one of the admin's saved keys.
 */
acquiringTestRunner(({ admin, api, seed }) => {
  const save = async (values: Record<string, unknown>) => {
    const res = await admin.post("/admin/acquiring/settings/settings", { values })
    expect([res.status, res.data.check?.ok]).toEqual([200, true])
  }

  beforeAll(async () => {
    const region = (await admin.get(`/admin/regions/${seed.region_id}?fields=*payment_providers`)).data.region
    const ids = region.payment_providers.map((p: { id: string }) => p.id)
    await admin.post(`/admin/regions/${seed.region_id}`, { payment_providers: [...ids, HOSTED] })
  })

  it("accounts saved only in the admin: a checkout starts and completes; its kept authorisation is captured after the account is replaced", async () => {
    const sandbox = env.sandbox()
    await save({ merchant_id: MERCHANT, accounts: [OLD], capture_mode: "manual" })
    const o = await placeOrder(api, seed, sandbox, { provider: HOSTED })
    expect(await sandbox.notifications.settle(20_000)).toBe(true)
    const total = Number((await adminOrder(api, seed, o.order_id)).total)
    await editAddingTee(api, seed, admin, o.order_id)
    const [kept] = (await adminOrder(api, seed, o.order_id)).payment_collections.flatMap(
      (c: { payments: Array<{ id: string }> }) => c.payments,
    )

    await save({ merchant_id: MERCHANT, accounts: [NEW] })
    const res = await admin.post(`/admin/acquiring/payments/${o.order_id}/kept/${kept.id}/capture`)
    expect([res.status, res.data.captured, res.data.error]).toEqual([200, true, undefined])
    expect(sandbox.inspect.order(o.order_no)).toMatchObject({
      captured_amount: total.toFixed(2),
      account_id: OLD.account_id,
    })
  })
})
