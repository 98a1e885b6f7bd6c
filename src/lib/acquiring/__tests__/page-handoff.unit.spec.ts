import type * as Handoff from "../page-handoff"

/** Two copies of the module (pnpm can install the plugin twice) must see the same pages. */
function freshCopy(): typeof Handoff {
  let copy: typeof Handoff | undefined
  jest.isolateModules(() => {
    copy = jest.requireActual<typeof Handoff>("../page-handoff")
  })
  return copy!
}

const page = { form: { action: "https://pay.example/p", method: "POST", fields: {} }, html: null }

describe("page handoff", () => {
  it("a page handed over by one copy of the module is found by another", () => {
    const provider = freshCopy()
    const routes = freshCopy()
    expect(provider).not.toBe(routes)
    provider.handOver("payses_two_copies", { page, ttl_s: 60 })
    expect(routes.handedOver("payses_two_copies")?.page).toEqual(page)
    routes.forget("payses_two_copies")
    expect(provider.handedOver("payses_two_copies")).toBeUndefined()
  })

  it("a page expires after its ttl and the oldest leaves first beyond HANDOFF_MAX", () => {
    const { handOver, handedOver, HANDOFF_MAX } = freshCopy()
    handOver("payses_ttl", { page, ttl_s: 1 }, 0)
    expect(handedOver("payses_ttl", 999)).toBeDefined()
    expect(handedOver("payses_ttl", 1000)).toBeUndefined()
    for (let i = 0; i <= HANDOFF_MAX; i++) handOver(`payses_${i}`, { page, ttl_s: 60 }, 0)
    expect(handedOver("payses_0", 1)).toBeUndefined()
    expect(handedOver(`payses_${HANDOFF_MAX}`, 1)).toBeDefined()
  })
})
