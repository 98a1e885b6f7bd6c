import {
  emptyForm,
  errorsFromServer,
  fieldErrorsFromMessage,
  newRequestId,
  toRequestBody,
  validateForm,
} from "../lib/payout-form"
import { Uuid } from "../../gateway/schemas"

const RID = "0b7a6f2e-8f8e-4a53-9a55-1f7f1f0e6a11"

describe("admin payout form", () => {
  it("builds the §2.8 body, leaving blanks out", () => {
    const form = {
      ...emptyForm(),
      payment_amount: " 10.00 ",
      payment_currency: "EUR",
      last_name: "Doe",
      iban: "DE89370400440532013000",
    }
    expect(toRequestBody(form, RID)).toEqual({
      request_id: RID,
      payment_amount: "10.00",
      payment_currency: "EUR",
      payment_method: "SWIFT",
      beneficiary: { last_name: "Doe", bank_details: { iban: "DE89370400440532013000" } },
    })
  })

  it("shows the schema's messages under the fields", () => {
    const errors = validateForm({ ...emptyForm(), payment_amount: "10", bank_country_code: "de" }, RID)
    expect(errors.payment_amount).toMatch(/two decimals/)
    expect(errors.payment_currency).toBe("is required")
    expect(errors.bank_country_code).toMatch(/2-letter upper-case/)
    expect(validateForm({ ...emptyForm(), payment_amount: "10.00", payment_currency: "EUR" }, RID)).toEqual({})
  })

  it("maps the server's message onto form fields", () => {
    const byPath = fieldErrorsFromMessage(
      "Invalid request: payment_amount: must be a decimal string; beneficiary.bank_details.iban: is required; unknown field x",
    )
    expect(byPath).toEqual({
      payment_amount: "must be a decimal string",
      "beneficiary.bank_details.iban": "is required",
    })
    expect(errorsFromServer(byPath)).toEqual({ payment_amount: "must be a decimal string", iban: "is required" })
  })

  it("generates request ids the API accepts, also without crypto.randomUUID", () => {
    const original = crypto.randomUUID
    try {
      Object.defineProperty(crypto, "randomUUID", { value: undefined, configurable: true })
      const ids = new Set(Array.from({ length: 50 }, newRequestId))
      expect(ids.size).toBe(50)
      for (const id of ids) expect(Uuid.safeParse(id).success).toBe(true)
    } finally {
      Object.defineProperty(crypto, "randomUUID", { value: original, configurable: true })
    }
  })
})
