import { firstIssue } from "../../../gateway/zod-issues"
import type { BigNumberInput } from "@medusajs/framework/types"
import { MathBN, MedusaError } from "@medusajs/framework/utils"
import { Subscription } from "../../../gateway/schemas/checkout"
import { toAmount } from "../money"

/** Subscription terms on a variant or its product (the spec §2.3): merchant data only, never the shopper's cart. */
export const SUBSCRIPTION_METADATA_KEY = "acquiring_subscription"

type Metadata = Record<string, unknown> | null | undefined

export interface SubscriptionLine {
  id: string
  unit_price: BigNumberInput
  quantity: BigNumberInput
  variant?: { id?: string | null; metadata?: Metadata } | null
  product?: { id?: string | null; metadata?: Metadata } | null
}

/** Absent, null or "" (how an admin clears a metadata value) all mean: no terms here. */
const given = (v: unknown) => v !== undefined && v !== null && v !== ""

function termsOf(line: SubscriptionLine): { where: string; raw: unknown } | undefined {
  const onVariant = line.variant?.metadata?.[SUBSCRIPTION_METADATA_KEY]
  if (given(onVariant)) return { where: `product variant ${line.variant?.id}`, raw: onVariant }
  const onProduct = line.product?.metadata?.[SUBSCRIPTION_METADATA_KEY]
  if (given(onProduct)) return { where: `product ${line.product?.id}`, raw: onProduct }
  return undefined
}

const invalid = (message: string) => new MedusaError(MedusaError.Types.INVALID_DATA, message)

/** The one line carrying terms; `contract_amount` defaults to price × quantity; differing terms are refused. */
export function subscriptionOf(lines: SubscriptionLine[]): Subscription | undefined {
  let found: { where: string; terms: Subscription } | undefined
  for (const line of lines) {
    const t = termsOf(line)
    if (!t) continue
    const parsed = Subscription.safeParse(t.raw)
    if (!parsed.success) {
      const { path, message } = firstIssue(parsed.error, { prefix: `metadata.${SUBSCRIPTION_METADATA_KEY}` })
      throw invalid(`${t.where} ${path}: ${message} (the merchant must fix the product data)`)
    }
    const terms = {
      ...parsed.data,
      contract_amount: parsed.data.contract_amount ?? toAmount(MathBN.mult(line.unit_price, line.quantity)),
    }
    if (found && JSON.stringify(found.terms) !== JSON.stringify(terms)) {
      throw invalid(
        `the cart holds two subscriptions (${found.where} and ${t.where}); the gateway takes one per payment: check them out separately`,
      )
    }
    found = found ?? { where: t.where, terms }
  }
  return found?.terms
}
