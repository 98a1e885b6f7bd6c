import { z } from "zod"
import { Amount, Country, Currency, DmyDate, OrderNo, Url } from "./common"

/** The spec §2.3 cart_items[].basic_item_data */
export const BasicItemData = z.object({
  name: z.string().min(1),
  quantity: z.string().regex(/^\d+$/, "must be a whole number"),
  type: z.string().optional(),
  price: z
    .object({
      amount_usd: z.number().nonnegative().optional(),
      amount_local_currency: z.number().nonnegative().optional(),
      currency: Currency.optional(),
    })
    .optional(),
  category: z.string().optional(),
  productId: z.string().optional(),
})
export const CartItem = z.object({ basic_item_data: BasicItemData })
export type CartItem = z.infer<typeof CartItem>

/** The spec §2.3 account_owner[] */
export const AccountOwner = z.object({
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  email: z.string().optional(),
  account_id: z.string().optional(),
  created: z.number().optional(),
  past_orders_count: z.number().int().nonnegative().optional(),
  past_orders_sum: z.number().optional(),
  lastLogin_ip: z.union([z.ipv4(), z.ipv6()]).optional(),
  registration_ip: z.union([z.ipv4(), z.ipv6()]).optional(),
})
export type AccountOwner = z.infer<typeof AccountOwner>

export const TotalDiscount = z.object({
  coupon_code_used: z.string().optional(),
  discount_type: z.string().optional(),
})

export const MpiInfo = z.object({
  eci: z.string().optional(),
  cavv: z.string().optional(),
  xid: z.string().optional(),
  dsTransID: z.string().optional(),
})
export const AdditionalInformation = z.object({ mpi_info: MpiInfo })

export const Subscription = z.object({
  contract: z.string().optional(),
  contract_name: z.string().optional(),
  contract_amount: Amount.optional(),
  interval: z.string().optional(),
  interval_count: z.string().regex(/^\d+$/).optional(),
  billing_cycle: z.number().int().optional(),
  promotion_cycle: z.number().int().optional(),
  contract_start: z.string().optional(),
  contract_end: z.string().optional(),
  price_id: z.string().optional(),
})
export type Subscription = z.infer<typeof Subscription>

/** amount = item_total + shipping + … − discount (the spec §2.2). */
export const BREAKDOWN_ADD = ["item_total", "shipping", "handling", "tax_total", "insurance"] as const
export const BREAKDOWN_SUB = ["shipping_discount", "discount"] as const

/** Shared by the hosted-page and APM requests (the spec §2.2, §2.4); the spec marks nothing required. */
export const PaymentBaseFields = z.object({
  order_no: OrderNo,
  currency: Currency,
  amount: Amount,
  item_total: Amount.optional(),
  shipping: Amount.optional(),
  handling: Amount.optional(),
  tax_total: Amount.optional(),
  insurance: Amount.optional(),
  shipping_discount: Amount.optional(),
  discount: Amount.optional(),
  website: z.string().max(2000).optional(),
  items: z.string().max(5000).optional(),
  note: z.string().max(1000).optional(),
  shopper_id: z.string().max(64).optional(),
  shopper_email: z.string().max(100).optional(),
  shopper_ip: z.string().optional(),
  shopper_phone: z.string().optional(),
  shopper_level: z.string().optional(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  notify_url: Url.optional(),
  return_url: Url.optional(),
  cancel_url: Url.optional(),
  document: z.string().optional(),
  birth_date: DmyDate.optional(),
  billing_country: Country.optional(),
  billing_state: z.string().optional(),
  billing_city: z.string().optional(),
  billing_address: z.string().optional(),
  billing_postal_code: z.string().optional(),
  os: z.string().optional(),
  browser: z.string().optional(),
  browser_lang: z.string().optional(),
  time_zone: z.string().optional(),
  resolution: z
    .string()
    .regex(/^\d+x\d+$/, "must be WIDTHxHEIGHT")
    .optional(),
  cookie_new: z.string().optional(),
  cookie_old: z.string().optional(),
  delivery_firstname: z.string().optional(),
  delivery_lastname: z.string().optional(),
  delivery_country: Country.optional(),
  delivery_state: z.string().optional(),
  delivery_city: z.string().optional(),
  delivery_address: z.string().optional(),
  delivery_postal_code: z.string().optional(),
  custom: z.string().max(2500).optional(),
  device_fingerprint: z.string().optional(),
  platform_source: z.string().optional(),
  device_type: z.string().optional(),
  color_depth: z.string().regex(/^\d+$/, "must be a bit depth number").optional(),
})

/** The spec §2.2, without the envelope the client fills in. */
export const CheckoutFields = PaymentBaseFields.extend({
  open3d: z.enum(["do3DS", "no3DS"]).optional(),
  token_flag: z.enum(["YES", "NO"]).optional(),
  token_id: z.string().optional(),
  challenge_window_size: z
    .string()
    .regex(/^0[1-5]$/, "must be 01–05")
    .optional(),
  session_id: z.string().optional(),
  installments: z.string().optional(),
  installments_id: z.string().optional(),
  order_type: z.string().optional(),
  checkout_time: z.number().int().nonnegative().optional(),
  user_agent: z.string().optional(),
  antifraud_token_cookie: z.string().optional(),
  cart_items: z.array(CartItem).optional(),
  account_owner: z.array(AccountOwner).optional(),
  total_discount: z.array(TotalDiscount).optional(),
  additional_information: z.array(AdditionalInformation).optional(),
  price_id: z.string().optional(),
  quote_id: z.string().optional(),
  quote_price: z.string().optional(),
  storefront_domains: z.string().optional(),
  subscription: Subscription.optional(),
})

export function breakdownMismatch(req: Record<string, unknown>): string | null {
  const present = [...BREAKDOWN_ADD, ...BREAKDOWN_SUB].filter((k) => typeof req[k] === "string")
  if (!present.length) return null
  const cents = (k: string) => (typeof req[k] === "string" ? BigInt((req[k] as string).replace(".", "")) : 0n)
  let sum = 0n
  for (const key of BREAKDOWN_ADD) sum += cents(key)
  for (const k of BREAKDOWN_SUB) sum -= cents(k)
  return sum === cents("amount")
    ? null
    : `amount must equal item_total + shipping + handling + tax_total + insurance − shipping_discount − discount`
}

const withBreakdownCheck = <T extends z.ZodType<Record<string, unknown>>>(schema: T) =>
  schema.superRefine((req, ctx) => {
    const msg = breakdownMismatch(req)
    if (msg) ctx.addIssue({ code: "custom", path: ["amount"], message: msg })
  })

export const CheckoutRequest = withBreakdownCheck(CheckoutFields)
export type CheckoutRequest = z.input<typeof CheckoutFields>

/** The spec §2.4 person and nested objects. */
export const BankAccount = z.object({
  account_type: z.string().optional(),
  account_number: z.string().optional(),
  branch_number: z.string().optional(),
  owner_document_number: z.string().optional(),
  owner_name: z.string().optional(),
  branch_country: Country.optional(),
  currency: Currency.optional(),
  bank: z.object({ code: z.string().optional(), name: z.string().optional() }).optional(),
})
export const Person = z.object({
  document_number: z.string().optional(),
  document_type: z.string().optional(),
  social_name: z.string().optional(),
  email: z.string().optional(),
  phone_country_code: z.string().length(2).optional(),
  phone_area_code: z.string().optional(),
  phone_number: z.string().optional(),
  birth_date: z.string().optional(),
  net_monthly_average_income: z.string().optional(),
  address_street: z.string().optional(),
  address_number: z.string().optional(),
  address_complement: z.string().optional(),
  address_postal_code: z.string().optional(),
  address_city: z.string().optional(),
  address_state: z.string().optional(),
  address_country: Country.optional(),
  fiscal_country: Country.optional(),
  documents: z
    .object({
      file_type: z.string().optional(),
      file_data: z.string().optional(),
      file_url: z.string().optional(),
      labels: z
        .object({ person_bank_account_id: z.string().optional(), bank_account: BankAccount.optional() })
        .optional(),
    })
    .optional(),
})

/** The spec §2.4. */
export const AuthoriseFields = PaymentBaseFields.extend({
  payment_method: z.string().min(1, "payment_method is required for an APM payment"),
  delivery_district_name: z.string().optional(),
  delivery_street_name: z.string().optional(),
  return_url: Url.optional(),
  bank_code: z.string().optional(),
  person: Person.optional(),
})
export const AuthoriseRequest = withBreakdownCheck(AuthoriseFields)
export type AuthoriseRequest = z.input<typeof AuthoriseFields>

/** The spec §4.2: `respon` XML document. */
export const AuthoriseResponse = z
  .object({
    merchant_id: z.coerce.string().optional(),
    account_id: z.coerce.string().optional(),
    order_no: z.coerce.string(),
    amount: z.coerce.string(),
    currency: z.string(),
    issuer_url: Url,
  })
  .loose()
export type AuthoriseResponse = z.infer<typeof AuthoriseResponse>

/** What a storefront needs to post the hosted page's form itself (the spec §4.1). */
export const HostedForm = z.object({
  action: z.string(),
  method: z.string(),
  fields: z.record(z.string(), z.string()),
  static_fields: z.record(z.string(), z.string()),
  script_fields: z.record(z.string(), z.string()),
  all_params: z.record(z.string(), z.string()),
})
export type HostedForm = z.infer<typeof HostedForm>

export const CheckoutResponse = z.object({
  html: z.string(),
  form: HostedForm,
  sign_info: z.string().optional(),
})
export type CheckoutResponse = z.infer<typeof CheckoutResponse>
