import { MedusaError } from "@medusajs/framework/utils"
import { assertStockAvailable, neededStock, paidThroughUs, stockGateOf, stockLockKeys, type StockCart } from "../stock"

type Item = NonNullable<StockCart["items"]>[number]

const OURS = { payment_sessions: [{ provider_id: "pp_acquiring_acquiring" }] }
const CHANNEL = "sc_web"
/** A location level of the web channel: `stocked` units, `reserved` of them held. */
const level = (location: string, stocked: number, reserved = 0, channel = CHANNEL) => ({
  location_id: location,
  stocked_quantity: stocked,
  reserved_quantity: reserved,
  stock_locations: [{ id: location, sales_channels: [{ id: channel }] }],
})
/** A line of `quantity` of a managed variant needing `required` units of each inventory item. */
const line = (
  quantity: number | string,
  items: Array<{ id: string; required?: number; levels?: ReturnType<typeof level>[] }>,
  variant: { manage_inventory?: boolean; allow_backorder?: boolean } = {},
): Item => ({
  quantity,
  variant: {
    manage_inventory: variant.manage_inventory ?? true,
    allow_backorder: variant.allow_backorder ?? false,
    inventory_items: items.map((i) => ({
      inventory_item_id: i.id,
      required_quantity: i.required,
      inventory: { location_levels: i.levels ?? [] },
    })),
  },
})
const cart = (items: Item[], extra: Partial<StockCart> = {}): StockCart => ({
  sales_channel_id: CHANNEL,
  items,
  payment_collection: OURS,
  ...extra,
})
const units = (need: Map<string, unknown>) => Object.fromEntries([...need].map(([k, v]) => [k, Number(String(v))]))

describe("neededStock: units of each managed inventory item a cart takes", () => {
  it("adds the lines sharing an item, each line's quantity times the units its variant needs (1 when unsaid)", () => {
    const need = neededStock(
      cart([
        line(2, [{ id: "inv_lamp" }]),
        line(1, [
          { id: "inv_lamp", required: 3 },
          { id: "inv_bulb", required: 2 },
        ]),
        line("4", [{ id: "inv_bulb" }]),
      ]),
    )
    expect(units(need)).toEqual({ inv_lamp: 5, inv_bulb: 6 })
  })

  it("leaves out unmanaged and backordered variants and links without an item", () => {
    const need = neededStock(
      cart([
        line(1, [{ id: "inv_free" }], { manage_inventory: false }),
        line(1, [{ id: "inv_back" }], { allow_backorder: true }),
        { quantity: 1, variant: { manage_inventory: true, inventory_items: [null, { inventory_item_id: null }] } },
        null,
        { quantity: 1, variant: null },
      ]),
    )
    expect(need.size).toBe(0)
  })
})

describe("stockLockKeys: the locks a completion of our cart holds", () => {
  it("one key per item, each once, sorted, never the bare item id (Medusa's reservation takes that one)", () => {
    const keys = stockLockKeys(
      cart([line(1, [{ id: "inv_b" }, { id: "inv_c" }]), line(2, [{ id: "inv_a" }]), line(1, [{ id: "inv_b" }])]),
    )
    expect(keys).toEqual(["acquiring:stock:inv_a", "acquiring:stock:inv_b", "acquiring:stock:inv_c"])
  })

  it("is the same whatever order the lines come in, so two carts sharing items take them in one order", () => {
    const a = cart([line(1, [{ id: "inv_z" }]), line(1, [{ id: "inv_a" }])])
    const b = cart([line(1, [{ id: "inv_a" }]), line(1, [{ id: "inv_z" }])])
    expect(stockLockKeys(a)).toEqual(stockLockKeys(b))
  })

  it("none for a cart paid through another provider, without a session, or without managed stock", () => {
    const items = [line(1, [{ id: "inv_a" }])]
    expect(
      stockLockKeys(cart(items, { payment_collection: { payment_sessions: [{ provider_id: "pp_stripe" }] } })),
    ).toEqual([])
    expect(stockLockKeys(cart(items, { payment_collection: null }))).toEqual([])
    expect(stockLockKeys(cart([line(1, [{ id: "inv_a" }], { manage_inventory: false })]))).toEqual([])
  })

  it("counts a cart as ours by any of its sessions, the APM provider's too, and no look-alike id", () => {
    const withSessions = (...ids: string[]) =>
      cart([line(1, [{ id: "inv_a" }])], {
        payment_collection: { payment_sessions: ids.map((provider_id) => ({ provider_id })) },
      })
    expect(paidThroughUs(withSessions("pp_stripe", "pp_acquiring-apm_acquiring"))).toBe(true)
    expect(paidThroughUs(withSessions("pp_acquiring_"))).toBe(false)
    expect(paidThroughUs(withSessions("pp_acquiringx_a"))).toBe(false)
  })
})

describe("stockGateOf: the gate before several stock locks", () => {
  it("no gate for none or one key; the one stock gate for several", () => {
    expect(stockGateOf([])).toBeUndefined()
    expect(stockGateOf(["acquiring:stock:inv_a"])).toBeUndefined()
    expect(stockGateOf(["acquiring:stock:inv_a", "acquiring:stock:inv_b"])).toBe("acquiring:stock:multi")
  })
})

describe("assertStockAvailable: refused before the order exists, in the inventory module's words", () => {
  const refusal = (c: StockCart) => {
    try {
      assertStockAvailable(c)
    } catch (e) {
      return e as MedusaError
    }
    return undefined
  }

  it("passes when one location of the channel has the units free", () => {
    expect(
      refusal(cart([line(2, [{ id: "inv_a", levels: [level("sloc_1", 1), level("sloc_2", 5, 3)] }])])),
    ).toBeUndefined()
  })

  it("refuses the last unit already reserved, as NOT_ALLOWED with 'Not enough stock' (what the books class as stock)", () => {
    const e = refusal(cart([line(1, [{ id: "inv_a", levels: [level("sloc_1", 1, 1)] }])]))
    expect(e).toBeInstanceOf(MedusaError)
    expect(e!.type).toBe(MedusaError.Types.NOT_ALLOWED)
    expect(e!.message).toBe("Not enough stock available for item inv_a: 1 needed, 0 free in the cart's sales channel")
  })

  it("reads one location, never the sum: Medusa reserves a line at one location", () => {
    const e = refusal(cart([line(2, [{ id: "inv_a", levels: [level("sloc_1", 1), level("sloc_2", 1)] }])]))
    expect(e?.message).toMatch(/^Not enough stock available for item inv_a: 2 needed, 1 free/)
  })

  it("counts the lines sharing an item together", () => {
    const levels = [level("sloc_1", 2)]
    expect(refusal(cart([line(1, [{ id: "inv_a", levels }]), line(1, [{ id: "inv_a", levels }])]))).toBeUndefined()
    expect(refusal(cart([line(2, [{ id: "inv_a", levels }]), line(1, [{ id: "inv_a", levels }])]))?.message).toMatch(
      /3 needed, 2 free/,
    )
  })

  it("ignores a location of another sales channel; without a channel every location counts", () => {
    const levels = [level("sloc_1", 0), level("sloc_other", 9, 0, "sc_b2b")]
    expect(refusal(cart([line(1, [{ id: "inv_a", levels }])]))?.message).toMatch(/1 needed, 0 free/)
    expect(refusal(cart([line(1, [{ id: "inv_a", levels }])], { sales_channel_id: null }))).toBeUndefined()
  })

  it("reads the exact raw quantities first, and never free stock below zero as enough", () => {
    const raw = {
      ...level("sloc_1", 9, 0),
      raw_stocked_quantity: { value: "1", precision: 20 },
      raw_reserved_quantity: { value: "1", precision: 20 },
    }
    expect(refusal(cart([line(1, [{ id: "inv_a", levels: [raw] }])]))?.message).toMatch(/1 needed, 0 free/)
    // Over-reserved (stocked 1, reserved 2): still refused, and the refusal never says less than 0 free.
    expect(refusal(cart([line(1, [{ id: "inv_a", levels: [level("sloc_1", 1, 2)] }])]))?.message).toMatch(
      /1 needed, 0 free/,
    )
  })

  it("refuses an item with no level at all; a cart without managed stock passes unread", () => {
    expect(refusal(cart([line(1, [{ id: "inv_a" }])]))?.message).toMatch(/item inv_a: 1 needed, 0 free/)
    expect(refusal(cart([line(3, [{ id: "inv_a" }], { allow_backorder: true })]))).toBeUndefined()
  })
})
