import { validateAndTransformBody, validateAndTransformQuery } from "@medusajs/framework/http"
import { AdminBulkOrders } from "../admin/acquiring/bulk/validators"
import { AdminCreatePayout, AdminListPayouts } from "../admin/acquiring/payouts/validators"
import { AdminOrderParams } from "../admin/acquiring/validators"
import { described, flatQuery, validateParams } from "../validation"

type Mw = (req: any, res: any, next: (e?: unknown) => void) => unknown
/** Runs one middleware as Express would; resolves with what it passed to next. */
const run = (mw: Mw, req: Record<string, unknown>) =>
  new Promise<{ error?: { type?: string; message: string }; req: any }>((resolve) => {
    const r = { allowed: [], query: {}, params: {}, ...req }
    void mw(r, {}, (error?: unknown) => resolve({ error: error as { message: string } | undefined, req: r }))
  })

describe("Medusa's validators with our schemas", () => {
  it("take the project's zod schemas and name the field as our routes always did", async () => {
    const { error } = await run(validateAndTransformBody(described(AdminBulkOrders)), { body: { order_ids: ["x"] } })
    expect(error).toMatchObject({
      type: "invalid_data",
      message: "Invalid request: order_ids[0]: must be a Medusa order id (order_…)",
    })
    const ok = await run(validateAndTransformBody(described(AdminBulkOrders)), { body: { order_ids: ["order_1"] } })
    expect([ok.error, ok.req.validatedBody]).toEqual([undefined, { order_ids: ["order_1"] }])
  })

  it("never echo a submitted value, and refuse unknown and prototype keys", async () => {
    const iban = "DE89370400440532013000"
    const body = { payment_amount: "100.00", payment_currency: "EUR", beneficiary: { bank_details: { ibn: iban } } }
    const { error } = await run(validateAndTransformBody(described(AdminCreatePayout)), { body })
    expect(error?.message).toContain("unknown field beneficiary.bank_details.ibn")
    expect(error?.message).not.toContain(iban)
    const proto = await run(validateAndTransformBody(described(AdminBulkOrders)), {
      body: JSON.parse('{"order_ids":["order_1"],"__proto__":{"x":1}}'),
    })
    expect(proto.error?.message).toContain("unknown field __proto__")
  })

  it("parse a query with defaults; a dotted key is refused before Medusa nests it", async () => {
    const { req } = await run(validateAndTransformQuery(described(AdminListPayouts), {}), {
      query: { status: "completed,failed" },
    })
    expect(req.validatedQuery).toMatchObject({ status: ["completed", "failed"], limit: 20, offset: 0 })
    for (const key of ["__proto__.limit", "a.b.c"]) {
      const { error } = await run(flatQuery, { query: { [key]: "5" } })
      expect(error).toMatchObject({ type: "invalid_data", message: `Invalid request: unknown field ${key}` })
    }
  })

  it("check route params with the one id pattern", async () => {
    expect((await run(validateParams(AdminOrderParams), { params: { order_id: "order_01ABC" } })).error).toBeUndefined()
    const { error } = await run(validateParams(AdminOrderParams), { params: { order_id: "order_1;drop" } })
    expect(error).toMatchObject({
      type: "invalid_data",
      message: "Invalid request: order_id: must be a Medusa order id (order_…)",
    })
  })
})
