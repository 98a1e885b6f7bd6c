import fc from "fast-check"
import { MedusaError } from "@medusajs/framework/utils"
import { ZodError } from "zod"
import { createGatewayClient } from "../../../gateway"
import { GatewayOptionsError } from "../../../gateway/errors"
import { anyJson, caseCounter, mutatedObject } from "../../../gateway/__tests__/helpers/fuzz"
import { parsePayoutModuleOptions } from "../../../modules/payout/options"
import { acquiringSnapshotMiddleware } from "../../../api/store/acquiring/snapshot-middleware"
import { parseAcquiringOptions } from "../../../lib/acquiring/options"
import { StorefrontData } from "../../../lib/acquiring/snapshot/storefront-data"

/**
 * Options (gateway client, provider, payout module) and the storefront's `data` under
 * fuzzing: valid input is accepted, anything else is refused with the typed error the code
 * defines for it (GatewayOptionsError, MedusaError INVALID_DATA), never a TypeError.
 */
const counter = caseCounter()

const CLIENT_OPTIONS = {
  merchant_id: "1000001",
  accounts: [
    { account_id: "100000101", sign_key: "k1", currencies: ["EUR"] },
    { account_id: "100000102", sign_key: "k2" },
  ],
  mode: "test",
  test_base_url: "http://127.0.0.1:1",
  timeout_ms: 5000,
  batch_limits: { capture: 20 },
  signature_fields: { refund: ["merchant_id", "refund_orders[].transaction_id"] },
  selection_fields: { retrievalTrans: { orders: "orders", trades: "trades" } },
  headers: { "x-a": "b" },
}
const PROVIDER_OPTIONS = {
  ...CLIENT_OPTIONS,
  store_url: "https://store.example",
  allowed_return_origins: ["https://shop.example"],
  default_return_url: "https://shop.example/return",
  capture_mode: "manual",
  status_map: { "1100": "pending" },
  async_payment_methods: ["boleto"],
  snapshot_max_age_s: 600,
}
const PAYOUT_OPTIONS = {
  gateway: CLIENT_OPTIONS,
  payouts: {
    notify_url: "https://store.example/hooks/acquiring/payout",
    account_id: "100000101",
    minor_unit_digits: { JPY: 0 },
  },
}

/** Run `f`; a thrown value must be one of `types`, else the property fails with it. */
function typed(f: () => unknown, ...types: Array<abstract new (...a: any[]) => Error>): "ok" | "refused" {
  counter.hit()
  try {
    f()
    return "ok"
  } catch (e) {
    if (types.some((t) => e instanceof t) && (e as Error).message) return "refused"
    throw e
  }
}

describe("options under fuzzing", () => {
  const tally = { ok: 0, refused: 0 }

  it("gateway client options: a client or a GatewayOptionsError naming the option", () => {
    fc.assert(
      fc.property(fc.oneof(mutatedObject([CLIENT_OPTIONS]), anyJson), (o) => {
        tally[typed(() => createGatewayClient(o as never), GatewayOptionsError)]++
      }),
      { numRuns: 8_000, seed: 21 },
    )
  })

  it("provider options: parsed or a MedusaError INVALID_DATA naming the option", () => {
    fc.assert(
      fc.property(fc.oneof(mutatedObject([PROVIDER_OPTIONS]), anyJson), (o) => {
        const r = typed(() => parseAcquiringOptions(o), MedusaError)
        tally[r]++
      }),
      { numRuns: 8_000, seed: 22 },
    )
  })

  it("payout (plugin) options: parsed or a MedusaError INVALID_DATA", () => {
    fc.assert(
      fc.property(fc.oneof(mutatedObject([PAYOUT_OPTIONS]), anyJson), (o) => {
        tally[typed(() => parsePayoutModuleOptions(o), MedusaError)]++
      }),
      { numRuns: 4_000, seed: 23 },
    )
  })

  it("reached both accepted and refused options", () => {
    expect(tally.ok).toBeGreaterThan(1000)
    expect(tally.refused).toBeGreaterThan(1000)
  })
})

const DATA = {
  device: {
    shopper_ip: "203.0.113.7",
    user_agent: "Mozilla/5.0",
    browser_lang: "de-DE",
    time_zone: "Europe/Berlin",
    screen_width: 1920,
    screen_height: 1080,
    color_depth: 24,
    device_type: "PC",
    challenge_window_size: "05",
  },
  return_url: "https://shop.example/checkout/return",
  cancel_url: "https://shop.example/checkout/cancel",
  payment_method: "pix",
}

/** The snapshot middleware with a fake request: only its validation of `data` runs before the cart load. */
async function throughMiddleware(data: unknown): Promise<unknown> {
  const config = {
    modules: {
      payment: {
        options: { providers: [{ resolve: "./src/providers/acquiring", id: "acquiring", options: PROVIDER_OPTIONS }] },
      },
    },
  }
  const item = { id: "item_1", title: "Mug", unit_price: 10, quantity: 1, requires_shipping: true }
  const cart = {
    id: "cart_1",
    currency_code: "eur",
    total: 10,
    item_subtotal: 10,
    shipping_subtotal: 0,
    tax_total: 0,
    items: [item],
    customer: null,
  }
  const scope = {
    resolve: (key: string) =>
      key === "configModule"
        ? config
        : {
            graph: async ({ entity }: { entity: string }) => ({
              // The cart is read through its link to the collection, in one query (snapshot-source.ts).
              data: entity === "cart" ? [cart] : [{ cart_id: "cart_1", cart }],
            }),
          },
  }
  const req = {
    body: { provider_id: "pp_acquiring_acquiring", data },
    scope,
    params: { id: "paycol_1" },
    ip: "127.0.0.1",
  }
  return new Promise((resolve) =>
    acquiringSnapshotMiddleware(req as never, {} as never, (e?: unknown) => resolve(e ?? "next")),
  )
}

describe("storefront data under fuzzing", () => {
  it("the zod schema never throws; its issues name a field", () => {
    fc.assert(
      fc.property(fc.oneof(mutatedObject([DATA]), anyJson), (d) => {
        counter.hit()
        const r = StorefrontData.safeParse(d)
        if (!r.success) {
          expect(r.error).toBeInstanceOf(ZodError)
          expect(r.error.issues[0].message).toBeTruthy()
        }
      }),
      { numRuns: 10_000, seed: 24 },
    )
  })

  it("the session middleware answers bad data with MedusaError INVALID_DATA naming data.<field>", async () => {
    const seen = { next: 0, invalid: 0, other: 0 }
    await fc.assert(
      fc.asyncProperty(mutatedObject([DATA]), async (d) => {
        counter.hit()
        const out = await throughMiddleware(d)
        if (out === "next") return void seen.next++
        if (
          out instanceof MedusaError &&
          out.type === MedusaError.Types.INVALID_DATA &&
          /^data(\.|\b)/.test(out.message)
        ) {
          return void seen.invalid++
        }
        // Past validation, the fake cart may be refused by the snapshot builder: still typed, never a crash.
        if (out instanceof MedusaError || out instanceof ZodError) return void seen.other++
        throw out
      }),
      { numRuns: 3_000, seed: 25 },
    )
    expect(seen.invalid).toBeGreaterThan(100)
  })

  it("counts its cases", () => {
    expect(counter.count).toBeGreaterThanOrEqual(33_000)
    process.stdout.write(`fuzz options and storefront data: ${counter.count} cases\n`)
  })
})
