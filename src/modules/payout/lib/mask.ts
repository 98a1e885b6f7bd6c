import type { PayoutRequest } from "../../../gateway/schemas"

type Beneficiary = PayoutRequest["beneficiary"]

/** No bank details, no documents, no personal ids. */
export interface BeneficiarySummary {
  beneficiary_name: string | null
  beneficiary_entity_type: string | null
  beneficiary_country: string | null
  beneficiary_account_last4: string | null
  beneficiary_bank_name: string | null
}

/** Null when 4 characters would be most of the identifier. */
export function accountLast4(account: string | undefined | null): string | null {
  const compact = (account ?? "").replace(/[\s-]/g, "")
  return compact.length > 4 ? compact.slice(-4) : null
}

export function maskAccount(last4: string | null | undefined): string | null {
  return last4 ? `••••${last4}` : null
}

export function summarizeBeneficiary(b: Beneficiary): BeneficiarySummary {
  const person = [b.first_name, b.last_name].filter(Boolean).join(" ").trim()
  const bank = b.bank_details
  return {
    beneficiary_name: b.company_name?.trim() || person || null,
    beneficiary_entity_type: b.entity_type ?? null,
    beneficiary_country: b.address?.country_code ?? bank?.bank_country_code ?? null,
    beneficiary_account_last4: accountLast4(bank?.iban || bank?.account_number),
    beneficiary_bank_name: bank?.bank_name ?? null,
  }
}
