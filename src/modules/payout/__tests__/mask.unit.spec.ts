import { accountLast4, maskAccount, summarizeBeneficiary } from "../lib/mask"
import { recordFromRequest, sameIntent, decimalEquals } from "../lib/from-request"

const IBAN = "DE89 3704 0044 0532 0130 00"

describe("beneficiary summary", () => {
  it("keeps only the last 4 characters of the IBAN", () => {
    const s = summarizeBeneficiary({
      first_name: "Ada",
      last_name: "Lovelace",
      address: { country_code: "DE" },
      bank_details: { iban: IBAN, account_number: "0532013000", swift_code: "COBADEFFXXX", bank_name: "Commerzbank" },
    })
    expect(s).toEqual({
      beneficiary_name: "Ada Lovelace",
      beneficiary_entity_type: null,
      beneficiary_country: "DE",
      beneficiary_account_last4: "3000",
      beneficiary_bank_name: "Commerzbank",
    })
    expect(JSON.stringify(s)).not.toContain("0532013000")
    expect(JSON.stringify(s)).not.toContain("COBADEFFXXX")
  })

  it("prefers the company name and falls back to the bank country and account number", () => {
    const s = summarizeBeneficiary({
      company_name: "ACME Ltd",
      first_name: "Ada",
      entity_type: "COMPANY",
      bank_details: { account_number: "12-3456-7890", bank_country_code: "GB" },
    })
    expect(s.beneficiary_name).toBe("ACME Ltd")
    expect(s.beneficiary_country).toBe("GB")
    expect(s.beneficiary_account_last4).toBe("7890")
  })

  it("shows nothing of an account that 4 characters would give away", () => {
    expect(accountLast4("1234")).toBeNull()
    expect(accountLast4("")).toBeNull()
    expect(accountLast4(undefined)).toBeNull()
    expect(accountLast4("12345")).toBe("2345")
    expect(maskAccount("2345")).toBe("••••2345")
    expect(maskAccount(null)).toBeNull()
  })
})

describe("recordFromRequest", () => {
  const req = {
    request_id: "0b7a6f2e-8f8e-4a53-9a55-1f7f1f0e6a11",
    payment_amount: "100.00",
    payment_currency: "EUR",
    reference: "INV-1",
    beneficiary: {
      last_name: "Doe",
      bank_details: { iban: IBAN, owner_document_number: "X1234567", account_number: "0532013000" },
      additional_info: { personal_id_number: "PID-999" },
    },
  }

  it("stores no bank details, documents or personal ids", () => {
    const record = recordFromRequest(req, "100000101")
    const text = JSON.stringify(record)
    for (const secret of ["0532013000", "DE89", "X1234567", "PID-999"]) expect(text).not.toContain(secret)
    expect(record).toMatchObject({
      status: "pending",
      payment_amount: "100.00",
      account_id: "100000101",
      beneficiary_account_last4: "3000",
    })
  })

  it("recognises the same payout under one request_id, and a different one", () => {
    const record = recordFromRequest(req, null)
    expect(
      sameIntent({ payment_amount: "100", payment_currency: "EUR", beneficiary_account_last4: "3000" }, record),
    ).toBe(true)
    expect(
      sameIntent({ payment_amount: "100.01", payment_currency: "EUR", beneficiary_account_last4: "3000" }, record),
    ).toBe(false)
    expect(
      sameIntent({ payment_amount: "100.00", payment_currency: "USD", beneficiary_account_last4: "3000" }, record),
    ).toBe(false)
    expect(
      sameIntent({ payment_amount: "100.00", payment_currency: "EUR", beneficiary_account_last4: "9999" }, record),
    ).toBe(false)
  })

  it("compares decimals without floats", () => {
    expect(decimalEquals("12.5", "12.50")).toBe(true)
    expect(decimalEquals("012.50", "12.5")).toBe(true)
    expect(decimalEquals("0.10", "0.1")).toBe(true)
    expect(decimalEquals("12.05", "12.5")).toBe(false)
    expect(decimalEquals("90071992547409.93", "90071992547409.92")).toBe(false)
  })
})
