import { asValue } from "@medusajs/framework/awilix"
import { createMedusaContainer } from "@medusajs/framework/utils"
import { ACCOUNTS, MERCHANT, makeClient, reply } from "../../../../../gateway/__tests__/helpers/fake-gateway"
import { PAYOUT_NOTIFICATION_SIGN_FIELDS } from "../../../../../gateway/schemas/notification"
import { sign } from "../../../../../gateway/signing"
import type { GatewayClient } from "../../../../../gateway/client-types"
import { PAYOUT_MODULE } from "../../../../../modules/payout"
import PayoutModuleService from "../../../../../modules/payout/service"
import { handlePayoutNotification } from "../process"

/** The key the admin saved in place of medusa-config's: the gateway signs the payout's notification with it. */
const SAVED = { ...ACCOUNTS.eur, sign_key: "saved-in-the-admin-Zt4p" }
const REQUEST = "5f0c1a7e-3b2d-4c8e-9a61-2d7f4b9e0c13"
const configured = makeClient(() => reply("unused")).client
const saved = makeClient(() => reply("unused"), { accounts: [SAVED] }).client

const fields = {
  notify_type: "payout",
  merchant_id: MERCHANT,
  account_id: SAVED.account_id,
  transaction_id: "P-1",
  request_id: REQUEST,
  currency: "EUR",
  amount: "10.00",
  order_status: "1",
  order_info: "0000:Approved",
}
const signedWith = (key: string) => ({ ...fields, encryption_data: sign(fields, PAYOUT_NOTIFICATION_SIGN_FIELDS, key) })

function scope(o: { throughProvider: boolean; savedClient?: GatewayClient }) {
  const patched: unknown[] = []
  const payout = {
    id: "po_1",
    request_id: REQUEST,
    status: "pending",
    payment_currency: "EUR",
  }
  const payouts = {
    listPayouts: async () => [payout],
    patchPayout: async (_id: string, patch: object) => (patched.push(patch), { ...payout, ...patch }),
    gatewayClient: () => configured,
    // The module's own method, over this fake's configured client.
    parseNotification: PayoutModuleService.prototype.parseNotification,
    settingsEntryId: () => "acquiring",
    paysThroughProvider: () => o.throughProvider,
    payoutOptions: () => ({ amount_unit: "major", minor_unit_digits: {}, check_notification_fields: [] }),
  }
  const owner = {
    effectiveSettings: async () => ({ stored: {}, missing: [], client: o.savedClient }),
    sealSignature: async () => true,
  }
  const container = createMedusaContainer()
  container.register(PAYOUT_MODULE, asValue(payouts))
  container.register("acquiring", asValue(owner))
  return { container, patched }
}

/** Payouts paid through the provider are verified with the same saved credentials they were sent with. */
describe("a payout notification's signature", () => {
  it("through the provider: the admin's saved key verifies it, medusa-config's no longer does", async () => {
    const { container, patched } = scope({ throughProvider: true, savedClient: saved })
    expect((await handlePayoutNotification(container, signedWith(ACCOUNTS.eur.sign_key))).status).toBe(401)
    expect(patched).toEqual([])
    const genuine = await handlePayoutNotification(container, signedWith(SAVED.sign_key))
    expect(genuine).toEqual({
      status: 200,
      body: "success",
      changed: `payout ${REQUEST} updated`,
    })
    expect(patched).toHaveLength(1)
  })

  it("a payout module with its own gateway keeps its own keys", async () => {
    const { container, patched } = scope({ throughProvider: false, savedClient: saved })
    expect((await handlePayoutNotification(container, signedWith(SAVED.sign_key))).status).toBe(401)
    expect((await handlePayoutNotification(container, signedWith(ACCOUNTS.eur.sign_key))).status).toBe(200)
    expect(patched).toHaveLength(1)
  })
})
