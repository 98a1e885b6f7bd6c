import { AdminCreatePayout, AdminListPayouts } from "../validators"
import { describeIssues } from "../../../../validation"

const valid = {
  payment_amount: "100.00",
  payment_currency: "EUR",
  beneficiary: { last_name: "Doe", bank_details: { iban: "DE89370400440532013000" } },
}

const message = (body: unknown) => {
  const r = AdminCreatePayout.safeParse(body)
  if (r.success) throw new Error("expected a validation error")
  return describeIssues(r.error.issues)
}

describe("AdminCreatePayout", () => {
  it("accepts a spec §2.8 body without request_id", () => {
    expect(AdminCreatePayout.parse(valid).request_id).toBeUndefined()
  })

  it("names the bad field and what to fix, without echoing the value", () => {
    const m = message({ ...valid, payment_amount: "100.5" })
    expect(m).toContain("payment_amount: must be a decimal string with two decimals")
    expect(m).not.toContain("100.5")
    const bank = message({
      ...valid,
      beneficiary: { bank_details: { iban: "DE89370400440532013000", bank_country_code: "germany" } },
    })
    expect(bank).toContain("beneficiary.bank_details.bank_country_code: must be a 2-letter")
    expect(bank).not.toContain("DE89370400440532013000")
    expect(bank).not.toContain("germany")
  })

  it("reports missing required fields and unknown fields by name", () => {
    expect(message({ beneficiary: {}, payment_currency: "EUR" })).toContain("payment_amount: is required")
    expect(message({ ...valid, iban: "DE89370400440532013000" })).toContain("unknown field iban")
    expect(message({ ...valid, beneficiary: { ...valid.beneficiary, pin: "1" } })).toContain(
      "unknown field beneficiary.pin",
    )
  })

  it("requires request_id to be a UUID when given", () => {
    expect(message({ ...valid, request_id: "abc" })).toContain("request_id: must be a UUID")
  })
})

describe("AdminListPayouts", () => {
  it("parses filters and pagination from query strings", () => {
    const q = AdminListPayouts.parse({
      status: "completed,failed",
      currency: "eur",
      limit: "5",
      offset: "10",
      created_after: "2024-01-01",
    })
    expect(q).toMatchObject({ status: ["completed", "failed"], currency: "EUR", limit: 5, offset: 10 })
    expect(q.created_after?.toISOString()).toBe("2024-01-01T00:00:00.000Z")
    expect(AdminListPayouts.parse({})).toMatchObject({ limit: 20, offset: 0 })
  })
  it("rejects bad filters by name", () => {
    const r = AdminListPayouts.safeParse({ status: "done", limit: "500", created_before: "soon" })
    expect(r.success).toBe(false)
    const m = describeIssues(r.success ? [] : r.error.issues)
    expect(m).toMatch(/status\[0\]/)
    expect(m).toMatch(/limit/)
    expect(m).toMatch(/created_before: must be an ISO 8601 date/)
  })
})
