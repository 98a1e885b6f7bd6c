import { z } from "zod"
import { Amount, Country, Currency, IsoDate, OffsetTimestamp, Url, Uuid, WireText } from "./common"

/** The spec §2.8 beneficiary.additional_info */
export const BeneficiaryAdditionalInfo = z.object({
  business_area: z.string().optional(),
  business_phone_number: z.string().optional(),
  business_registration_number: z.string().optional(),
  personal_email: z.string().optional(),
  personal_id_number: z.string().optional(),
  personal_id_type: z.string().optional(),
  personal_mobile_number: z.string().optional(),
  personal_net_monthly_average_income: z.string().optional(),
  personal_phone_country_code: z.string().optional(),
  personal_phone_area_code: z.string().optional(),
  personal_fiscal_country: z.string().optional(),
})

export const BeneficiaryAddress = z.object({
  city: z.string().optional(),
  country_code: Country.optional(),
  postcode: z.string().optional(),
  state: z.string().optional(),
  street: z.string().optional(),
  number: z.string().optional(),
  street_address: z.string().optional(),
  complement: z.string().optional(),
})

export const PersonDocument = z.object({
  file_type: z
    .string()
    .regex(/^[\w.+-]+\/[\w.+-]+$/, "must be a MIME type")
    .optional(),
  file_url: z.string().optional(),
  labels: z.array(z.string()).optional(),
})

export const BankDetails = z.object({
  account_currency: Currency.optional(),
  account_name: z.string().optional(),
  owner_document_number: z.string().optional(),
  account_number: z.string().optional(),
  bank_account_category: z.string().optional(),
  bank_branch: z.string().optional(),
  bank_country_code: Country.optional(),
  bank_code: z.string().optional(),
  bank_name: z.string().optional(),
  bank_street_address: z.string().optional(),
  binding_mobile_number: z.string().optional(),
  iban: z.string().optional(),
  swift_code: z.string().optional(),
  transaction_reference: z.string().optional(),
})

const EntityType = z.string().min(1) // only COMPANY is shown; others unknown

export const Beneficiary = z.object({
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  company_name: z.string().optional(),
  date_of_birth: IsoDate.optional(),
  entity_type: EntityType.optional(),
  additional_info: BeneficiaryAdditionalInfo.optional(),
  address: BeneficiaryAddress.optional(),
  person_documents: z.array(PersonDocument).optional(),
  bank_details: BankDetails.optional(),
})

export const Payer = z.object({
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  company_name: z.string().optional(),
  date_of_birth: IsoDate.optional(),
  entity_type: EntityType.optional(),
  additional_info: z
    .object({
      business_registration_number: z.string().optional(),
      business_registration_type: z.string().optional(),
      external_id: z.string().optional(),
      personal_email: z.string().optional(),
      personal_id_number: z.string().optional(),
      job: z.string().optional(),
    })
    .optional(),
  address: z
    .object({
      city: z.string().optional(),
      country_code: Country.optional(),
      postcode: z.string().optional(),
      state: z.string().optional(),
      street_address: z.string().optional(),
    })
    .optional(),
})

/** The spec §2.8 request, without the envelope. */
export const PayoutRequest = z.object({
  beneficiary: Beneficiary,
  beneficiary_id: z.string().optional(),
  client_data: z.string().optional(),
  fee_paid_by: z.string().optional(),
  payer: Payer.optional(),
  payment_amount: Amount,
  payment_currency: Currency,
  payment_date: IsoDate.optional(),
  payment_method: z.string().optional(),
  reason: z.string().optional(),
  reference: z.string().optional(),
  request_id: Uuid,
  source_amount: Amount.optional(),
  source_currency: Currency.optional(),
  swift_charge_option: z.string().optional(),
  fund_source: z.string().optional(),
  notify_url: Url.optional(),
})
export type PayoutRequest = z.input<typeof PayoutRequest>

/** "integer" in the spec without a unit (payouts.amount_unit); kept as sent, read exactly by the payout module. */
const PayoutAnswerAmount = z.union([
  z.number().finite(),
  z.string().regex(/^-?\d+(\.\d+)?$/, "must be a plain decimal amount"),
])

/** The spec §2.8 response: the payout echoed with computed fields, loose. */
export const PayoutResponse = z
  .object({
    merchant_id: WireText.optional(),
    account_id: WireText.optional(),
    request_id: WireText,
    beneficiary: z
      .object({ bank_details: z.object({ local_clearing_system: WireText.optional() }).loose().optional() })
      .loose()
      .optional(),
    beneficiary_id: WireText.optional(),
    payer: z.object({}).loose().optional(),
    payment_amount: WireText.optional(),
    payment_currency: WireText.optional(),
    source_amount: WireText.optional(),
    source_currency: WireText.optional(),
    amount_beneficiary_receives: PayoutAnswerAmount.optional(),
    amount_payer_pays: PayoutAnswerAmount.optional(),
    created_at: OffsetTimestamp.optional(),
    last_updated_at: OffsetTimestamp.optional(),
    failure_reason: WireText.optional().default(""),
    failure_type: WireText.optional().default(""),
    fee_amount: PayoutAnswerAmount.optional(),
    fee_currency: WireText.optional(),
    payer_id: WireText.optional(),
    transaction_id: WireText.optional(),
    short_reference_id: WireText.optional(),
    status: WireText,
    encryption_data: WireText.optional(),
  })
  .loose()
export type PayoutResponse = z.infer<typeof PayoutResponse>
