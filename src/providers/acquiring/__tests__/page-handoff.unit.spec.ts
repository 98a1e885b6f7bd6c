import { forget, handedOver, handOver, HANDOFF_MAX } from "../../../lib/acquiring/page-handoff"

const page = (n: number) => ({
  form: { action: "https://gw.test/v1/checkout", method: "POST", fields: { n: String(n) } },
  html: null,
})
const id = (n: number) => `payses_${String(n).padStart(26, "0")}`

describe("hosted page handoff", () => {
  it("serves a page until its ttl, then forgets it", () => {
    handOver(id(1), { page: page(1), ttl_s: 60 }, 1_000)
    expect(handedOver(id(1), 60_999)?.page.form.fields.n).toBe("1")
    expect(handedOver(id(1), 61_000)).toBeUndefined()
    expect(handedOver(id(1), 1_000)).toBeUndefined() // expired entries are removed
  })

  it("keeps at most HANDOFF_MAX pages, dropping the oldest", () => {
    for (let n = 0; n <= HANDOFF_MAX; n++) handOver(id(n), { page: page(n), ttl_s: 60 }, 0)
    expect(handedOver(id(0), 1)).toBeUndefined()
    expect(handedOver(id(1), 1)?.page.form.fields.n).toBe("1")
    expect(handedOver(id(HANDOFF_MAX), 1)?.page.form.fields.n).toBe(String(HANDOFF_MAX))
  })

  it("a session started again replaces its page; forget removes it", () => {
    handOver(id(7), { page: page(1), ttl_s: 60 }, 0)
    handOver(id(7), { page: page(2), ttl_s: 60 }, 0)
    expect(handedOver(id(7), 1)?.page.form.fields.n).toBe("2")
    forget(id(7))
    expect(handedOver(id(7), 1)).toBeUndefined()
  })
})
