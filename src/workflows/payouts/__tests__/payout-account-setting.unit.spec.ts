import { asValue } from "@medusajs/framework/awilix"
import { ContainerRegistrationKeys, createMedusaContainer } from "@medusajs/framework/utils"
import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { PAYOUT_MODULE } from "../../../modules/payout"
import { submitPayoutStep, type SubmitPayoutInput } from "../steps/submit-payout"

const submit = createWorkflow("test-submit-payout", (input: SubmitPayoutInput) => {
  return new WorkflowResponse(submitPayoutStep(input))
})

const SETTINGS_CLIENT = { name: "the newest settings' client" }

function setup(o: { saved?: string; configured?: string; ownGateway?: boolean }) {
  const payout = { id: "po_1", request_id: "req-1", status: "pending", account_id: null, payment_currency: "EUR" }
  const sent: unknown[][] = []
  const payouts = {
    retrievePayout: async () => payout,
    listPayouts: async () => [payout],
    gatewayClient: () => ({}),
    payoutOptions: () => ({ account_id: o.configured, amount_unit: "major", minor_unit_digits: {} }),
    patchPayout: async (_id: string, patch: object) => Object.assign(payout, patch),
    settingsEntryId: () => "acquiring",
    paysThroughProvider: () => !o.ownGateway,
    sendPayout: async (...args: unknown[]) => {
      sent.push(args)
      throw new Error("not answered")
    },
  }
  const owner = {
    effectiveSettings: async (id: string) => ({
      config_id: id,
      stored: o.saved ? { payout_account_id: o.saved } : {},
      missing: [],
      client: SETTINGS_CLIENT,
    }),
  }
  const container = createMedusaContainer()
  container.register(PAYOUT_MODULE, asValue(payouts))
  container.register("acquiring", asValue(owner))
  container.register(ContainerRegistrationKeys.LOGGER, asValue({ info() {}, warn() {}, error() {}, debug() {} }))
  return { container, sent }
}

const input = { id: "po_1", request: { payment_currency: "EUR" } as never }

/** Issue #35: the payout account an admin saved is the one a payout is sent from. */
describe("a payout's account", () => {
  it("is the admin's saved payout_account_id, sent with the newest settings' client", async () => {
    const { container, sent } = setup({ saved: "100000102" })
    await submit(container).run({ input })
    expect(sent).toEqual([[expect.anything(), { account_id: "100000102", currency: "EUR" }, SETTINGS_CLIENT]])
  })

  it("medusa-config.ts's payouts.account_id and the request's account come first; an own gateway keeps its client", async () => {
    const configured = setup({ saved: "100000102", configured: "100000101", ownGateway: true })
    await submit(configured.container).run({ input })
    expect(configured.sent[0].slice(1)).toEqual([{ account_id: "100000101", currency: "EUR" }, undefined])

    const requested = setup({ saved: "100000102" })
    await submit(requested.container).run({ input: { ...input, account_id: "100000109" } })
    expect(requested.sent[0][1]).toEqual({ account_id: "100000109", currency: "EUR" })
  })

  it("without a saved one, the gateway client picks by currency", async () => {
    const { container, sent } = setup({})
    await submit(container).run({ input })
    expect(sent[0][1]).toEqual({ account_id: undefined, currency: "EUR" })
  })
})
