import { PaymentActions } from "@medusajs/framework/utils"
import { webhookProviderOf } from "../../../../lib/acquiring/config"
import { containerOf, handleNotification } from "./helpers/run"
import { fakeLocking, ORDER_NO, SESSION_ID } from "./helpers/fakes"

jest.mock("@medusajs/medusa/core-flows", () => {
  const actual = jest.requireActual("@medusajs/medusa/core-flows")
  return {
    ...actual,
    // runAsStep: composed, never run, by the item workflow the kept authorisations' release loads.
    processPaymentWorkflow: Object.assign(() => ({ run: async () => undefined }), {
      runAsStep: actual.processPaymentWorkflow.runAsStep,
    }),
  }
})

/** How each end of the supported range turns getWebhookActionAndData's `provider` into the registered id. */
const RESOLVE = {
  "2.18": (provider: string) => `pp_${provider}`,
  "2.21": (provider: string) => (provider.startsWith("pp_") ? provider : `pp_${provider}`),
}

/** A payment module that resolves the provider as the given Medusa version does, and knows only `registered`. */
function scopeFor(version: keyof typeof RESOLVE, registered: string) {
  const resolved: string[] = []
  const session = {
    id: SESSION_ID,
    provider_id: registered,
    amount: 10,
    currency_code: "eur",
    payment_collection_id: "pay_col_1",
    status: "authorized",
  }
  const table: Record<string, unknown> = {
    query: {
      graph: async ({ entity }: { entity: string }) => ({
        data: entity === "payment_session" ? [session] : [{ cart_id: "cart_1", order_id: "order_1" }],
      }),
    },
    payment: {
      getWebhookActionAndData: async ({ provider }: { provider: string }) => {
        const id = RESOLVE[version](provider)
        resolved.push(id)
        if (id !== registered) throw new Error(`AwilixResolutionError: Could not resolve '${id}'`)
        return { action: PaymentActions.AUTHORIZED, data: { session_id: SESSION_ID, amount: 10 } }
      },
    },
    locking: fakeLocking(),
  }
  return { scope: containerOf(table) as never, resolved }
}

describe("notify route: the provider id on every supported Medusa version (2.18.0 to 2.21.x)", () => {
  it("webhookProviderOf drops only a leading pp_", () => {
    expect(webhookProviderOf("pp_acquiring_acquiring")).toBe("acquiring_acquiring")
    expect(webhookProviderOf("pp_acquiring-apm_shop_pp_eu")).toBe("acquiring-apm_shop_pp_eu")
    expect(webhookProviderOf("acquiring_acquiring")).toBe("acquiring_acquiring")
  })

  for (const version of Object.keys(RESOLVE) as (keyof typeof RESOLVE)[]) {
    for (const registered of ["pp_acquiring_acquiring", "pp_acquiring-apm_acquiring"]) {
      it(`Medusa ${version}: a notification for ${registered} resolves ${registered}, never pp_pp_…`, async () => {
        const { scope, resolved } = scopeFor(version, registered)
        const reply = await handleNotification(scope, { body: { order_no: ORDER_NO, currency: "EUR" }, headers: {} })
        expect(resolved).toEqual([registered])
        expect(reply).toEqual({ status: 200, body: "success" })
      })
    }
  }
})
