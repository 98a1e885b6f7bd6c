import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { DEFAULT_MERCHANTS } from "../../src/sandbox"
import { ACQUIRING_MODULE, type AcquiringModuleService } from "../../src/modules/acquiring"
import { useAcquiringEnv } from "./helpers/acquiring-env"
import { acquiringTestRunner } from "./helpers/acquiring-suite"
import { placeOrder } from "./helpers/acquiring-orders"
import { cartWithShipping, DEVICE, startSession } from "./helpers/acquiring-store"
import { deliverNotification } from "./helpers/hook-events"
import { wireName } from "./helpers/dialect"

jest.setTimeout(600_000)

const MERCHANT = "1000002"
/** The account the admin first saves, and the one that replaces it while payments are open. */
const OLD = { account_id: "100000201", sign_key: "rotation-old-key-Qx7m" }
const NEW = { account_id: "100000202", sign_key: "rotation-new-key-Lr4v" }
const HOSTED = "pp_acquiring_settings"

process.env.ACQ_SETTINGS_ENTRY = "1"
process.env.ACQUIRING_SETTINGS_KEY = "integration-settings-key-0123456789abcdef"

// The merchant's two accounts exist only at the gateway and in the admin's settings, never in medusa-config.
const env = useAcquiringEnv({
  merchants: [
    ...DEFAULT_MERCHANTS,
    { merchant_id: MERCHANT, accounts: [OLD, NEW].map((a) => ({ ...a, capture_mode: "authorise" as const })) },
  ],
})
const connection = (account: typeof OLD) => ({ merchant_id: MERCHANT, accounts: [account] })

/**
 * Issue #35, credentials per order: a signature seen once is bound to its delivery for an account saved
 * only in the admin as for one of medusa-config, and its notifications are verified with its own key.
 */
acquiringTestRunner(({ admin, api, seed, getContainer }) => {
  const sandbox = () => env.sandbox()
  const books = () => getContainer().resolve<AcquiringModuleService>(ACQUIRING_MODULE)
  const save = async (values: Record<string, unknown>) => {
    const res = await admin.post("/admin/acquiring/settings/settings", { values })
    expect([res.status, res.data.check?.ok]).toEqual([200, true])
    return res.data.version as number
  }
  const place = () => placeOrder(api, seed, sandbox(), { provider: HOSTED })
  const settled = async () => expect(await sandbox().notifications.settle(20_000)).toBe(true)
  const notesOf = (orderNo: string, type = "payment") =>
    sandbox()
      .notifications.list()
      .filter((n) => n.notify_type === type && n.payload[wireName("order_no")] === orderNo)
  const deliver = (payload: Record<string, string>) => deliverNotification(api, payload)

  beforeAll(async () => {
    const region = (await admin.get(`/admin/regions/${seed.region_id}?fields=*payment_providers`)).data.region
    const ids = region.payment_providers.map((p: { id: string }) => p.id)
    await admin.post(`/admin/regions/${seed.region_id}`, { payment_providers: [...ids, HOSTED] })
  })

  it("an account saved only in the admin: its genuine notification re-posted as a dispute or another result is refused 401, also after the account is replaced; the gateway's retry is still accepted", async () => {
    await save({ ...connection(OLD), capture_mode: "manual" })
    const placed = await place()
    await settled()
    const [note] = notesOf(placed.order_no)
    expect(note.attempts.map((a) => a.status)).toEqual([200])
    const genuine = note.payload
    const disputed = (id: string) => ({ ...genuine, notify_type: "dispute", dispute_id: id, dispute_status: "lost" })

    expect((await deliver(disputed("D-SETTINGS-1"))).status).toBe(401)
    expect((await deliver({ ...genuine, status: "refunded" })).status).toBe(401)
    expect((await admin.get(`/admin/acquiring/payments/${placed.order_id}`)).data.payments[0].disputes).toEqual([])

    // The admin replaces the account: the order's own version still binds its signature.
    await save(connection(NEW))
    expect((await deliver(disputed("D-SETTINGS-2"))).status).toBe(401)
    const retry = await deliver(genuine)
    expect([retry.status, retry.data]).toEqual([200, "success"])
    expect(await books().listDisputes({})).toEqual([])
  })

  it("a payment the books never opened, on an account saved only in the admin, paid after Medusa deleted its session: settled, not refused as unknown", async () => {
    await save({ ...connection(OLD), capture_mode: "manual" })
    const cart = await cartWithShipping(api, seed)
    const { session: a } = await startSession(api, seed, cart.id, HOSTED, { device: DEVICE })
    await startSession(api, seed, cart.id, HOSTED, { device: DEVICE })
    const orderNo = a.data.order_no as string
    // As for a payment opened before the books existed: no row names its provider.
    const pg = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
    await pg("acquiring_gateway_order").where({ order_no: orderNo }).delete()
    sandbox().shopper.pay(orderNo, { card: "4111111111111111" })
    await settled()
    expect(notesOf(orderNo).map((n) => n.attempts[0].status)).toEqual([200])
    expect(sandbox().inspect.order(orderNo)?.state).toBe("cancelled")
  })
})
