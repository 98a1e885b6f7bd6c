import { flattenForm } from "../../gateway/codecs"
import { escapeHtml, jsString } from "./escape"
import { pageLang } from "./lang"

/**
 * The "loading" page of POST /v1/checkout (the spec §4.1): a form with static inputs, a script that
 * adds the request values (and the engine's camelCase aliases) with addInput, and allParams.
 */
export const STATIC_INPUTS = [
  "gbc_id",
  "connector_code",
  "account_name",
  "website",
  "pm_id",
  "apm_type",
  "descriptor",
  "orderprefix",
  "rrtimezone",
  "ordernumlength",
  "sendbgoods",
  "replacename",
  "send_bank_website",
  "replace_up_id",
  "replace_match_address",
  "to_pass_page",
] as const

/** camelCase alias → request field (the spec §4.1). */
const ALIASES: Array<[string, string]> = [
  ["merNo", "merchant_id"],
  ["gatewayNo", "account_id"],
  ["signInfo", "encryption_data"],
  ["orderNo", "order_no"],
  ["orderCurrency", "currency"],
  ["orderAmount", "amount"],
  ["itemTotal", "item_total"],
  ["taxTotal", "tax_total"],
  ["shipFee", "shipping"],
  ["shippingDiscount", "shipping_discount"],
  ["goodsInfo", "items"],
  ["remark", "note"],
  ["email", "shopper_email"],
  ["phone", "shopper_phone"],
  ["firstName", "first_name"],
  ["lastName", "last_name"],
  ["address", "billing_address"],
  ["city", "billing_city"],
  ["state", "billing_state"],
  ["zip", "billing_postal_code"],
  ["country", "billing_country"],
  ["shipFirstName", "delivery_firstname"],
  ["shipLastName", "delivery_lastname"],
  ["shipAddress", "delivery_address"],
  ["shipCity", "delivery_city"],
  ["shipState", "delivery_state"],
  ["shipZip", "delivery_postal_code"],
  ["shipCountry", "delivery_country"],
  ["notifyUrl", "notify_url"],
  ["returnUrl", "return_url"],
  ["cancelUrl", "cancel_url"],
  ["shopperId", "shopper_id"],
  ["shopperLevel", "shopper_level"],
  ["token", "token_id"],
  ["isOpen3D", "open3d"],
  ["verifyBillingAddress", "verify_billing_address"],
  ["defaultLang", "default_lang"],
  ["cardType", "card_type"],
  ["paymentToken", "payment_token"],
  ["APMType", "apm_type"],
]

export interface LoadingPageInput {
  base: string
  token: string
  /** Flattened in bracket notation. */
  request: Record<string, unknown>
  /** Gateway page addresses standing in for the merchant's return and cancel URLs. */
  return_page: string
  cancel_page: string
  source_request_ip: string
  descriptor: string
}

export function loadingPageFields(input: LoadingPageInput) {
  const req = input.request
  const str = (k: string) => (req[k] === undefined || req[k] === null ? "" : String(req[k]))
  const statics: Record<(typeof STATIC_INPUTS)[number], string> = {
    gbc_id: input.token,
    connector_code: "SANDBOX",
    account_name: str("account_id"),
    website: str("website"),
    pm_id: "",
    apm_type: "",
    descriptor: input.descriptor,
    orderprefix: "",
    rrtimezone: "+0000",
    ordernumlength: "50",
    sendbgoods: "1",
    replacename: "0",
    send_bank_website: "0",
    replace_up_id: "",
    replace_match_address: "0",
    to_pass_page: "0",
  }
  const script = new Map<string, string>()
  for (const [name, value] of flattenForm(req)) script.set(name, value)
  const extra: Record<string, string> = {
    return_url: input.return_page,
    cancel_url: input.cancel_page,
    source_request_ip: input.source_request_ip,
    source_notify_url: str("notify_url"),
    default_lang: str("browser_lang"),
    verify_billing_address: "0",
    merSendLogoNo: "",
    logo_name: "",
    card_type: "",
    payment_token: str("token_id"),
    payment_method: "Credit Card",
    apm_type: "",
  }
  const lookup = (field: string) => extra[field] ?? str(field)
  for (const [alias, field] of ALIASES) script.set(alias, lookup(field))
  for (const [name, value] of Object.entries(extra))
    if (name !== "payment_token" && name !== "apm_type") script.set(name, value)
  script.set("encryption_data", str("encryption_data"))
  const allParams = [...script].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("&")
  return { statics, script, allParams }
}

export function renderLoadingPage(input: LoadingPageInput): string {
  const { statics, script, allParams } = loadingPageFields(input)
  const action = `${input.base}/v1/checkout`
  const hidden = (name: string, value: string) =>
    `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`
  return [
    "<!DOCTYPE html>",
    `<html lang="${escapeHtml(pageLang(input.request.browser_lang).lang)}"><head><meta charset="utf-8"><title>Loading…</title>`,
    '<meta name="viewport" content="width=device-width, initial-scale=1"></head>',
    '<body><p style="font-family:sans-serif;text-align:center;margin-top:20vh">Loading…</p>',
    `<form id="pay_form" name="pay_form" method="post" action="${escapeHtml(action)}">`,
    ...Object.entries(statics).map(([k, v]) => hidden(k, v)),
    hidden("allParams", allParams),
    '<noscript><button type="submit">Continue to payment</button></noscript>',
    "</form>",
    "<script>",
    "function addInput(name, value) {",
    '  var input = document.createElement("input");',
    '  input.type = "hidden"; input.name = name; input.value = value;',
    '  document.getElementById("pay_form").appendChild(input);',
    "}",
    ...[...script].map(([k, v]) => `addInput(${jsString(k)}, ${jsString(v)});`),
    'document.getElementById("pay_form").submit();',
    "</script>",
    "</body></html>",
  ].join("\n")
}
