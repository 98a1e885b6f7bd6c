import { OPERATION_TABLE } from "../../gateway/operations-table"
import { ERROR_CODES as E } from "../../gateway/status-codes"
import { ErrorBody } from "../../gateway/schemas"
import { startSandbox, type Sandbox } from "../index"
import { AUTH, M, post } from "./helpers"

/**
 * Bodies that try to write to Object.prototype, posted to an operation and to the admin
 * paths: a 400 with the sandbox's {code, source, message} naming the key, and the
 * sandbox (same process) left with clean prototypes.
 */
let sb: Sandbox
beforeAll(async () => {
  sb = await startSandbox({ port: 0, seed: 7 })
})
afterAll(() => sb.stop())

const ATTACK = `__proto__[polluted]=1&__proto__[auth_context][actor_type]=user&merchant_id=${M}&account_id=${AUTH}&order_no=ORD1`
const BODIES: Array<[string, string, string]> = [
  ["form", ATTACK, "__proto__[polluted]"],
  ["form, nested", `merchant_id=${M}&a[constructor][prototype][polluted]=1`, "a[constructor][prototype][polluted]"],
  ["JSON", JSON.stringify({ merchant_id: M }).replace("{", '{"__proto__":{"polluted":1},'), "__proto__"],
  [
    "XML",
    `<request><merchant_id>${M}</merchant_id><__proto__><polluted>1</polluted></__proto__></request>`,
    "__proto__",
  ],
]
const PATHS = [OPERATION_TABLE.checkout.path, OPERATION_TABLE.capture.path, "/__sandbox/pay", "/__sandbox/faults"]

function expectClean() {
  expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  expect(({} as Record<string, unknown>).auth_context).toBeUndefined()
  expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain("polluted")
}

describe("prototype pollution through the sandbox's HTTP front", () => {
  for (const path of PATHS) {
    it.each(BODIES)(`POST ${path} with a %s body: 400 I0002 naming the key`, async (_kind, body, key) => {
      const res = await post(`${sb.url}${path}`, body)
      expect(res.status).toBe(400)
      const err = ErrorBody.parse(res.body)
      expect(err).toMatchObject({ code: E.INVALID_FIELD, source: "body" })
      expect(err.message).toContain(`key "${key}"`)
      expectClean()
    })
  }

  it("still serves ordinary admin bodies afterwards", async () => {
    const add = await post(
      `${sb.url}/__sandbox/faults`,
      JSON.stringify({ target: "retrievalTrans", kind: "latency", latency_ms: 1 }),
      "application/json",
    )
    expect(add.status).toBe(201)
    const del = await fetch(`${sb.url}/__sandbox/faults?target=retrievalTrans`, { method: "DELETE" })
    expect(del.status).toBe(200)
    expectClean()
  })
})
