import { createHmac, randomBytes } from "node:crypto"
import type { CardOutcome } from "../test-cards"

/**
 * Tokens issued for `token_flag: "YES"`: one per merchant and card. The number is never kept; an HMAC
 * under a per-sandbox key finds the card again, and its test outcome is kept for token payments.
 */
export interface CardToken {
  token_id: string
  merchant_id: string
  brand: string
  last4: string
  expiry: string
  outcome: CardOutcome
  created_at: number
  revoked_at?: number
}

export interface TypedCard {
  card_hmac: string
  brand: string
  last4: string
  expiry: string
  outcome: CardOutcome
}

export class TokenBook {
  private readonly key = randomBytes(32)
  private readonly tokens = new Map<string, CardToken>()
  private readonly byCard = new Map<string, string>()
  private readonly typed = new Map<string, TypedCard>()
  private readonly paying = new Map<string, string>()

  cardHmac(digits: string): string {
    return createHmac("sha256", this.key).update(digits).digest("hex")
  }

  remember(transaction_id: string, card: TypedCard): void {
    this.typed.set(transaction_id, card)
  }

  typedFor(transaction_id: string): TypedCard | undefined {
    return this.typed.get(transaction_id)
  }

  issue(merchant_id: string, card: TypedCard, now: number): CardToken {
    const key = `${merchant_id}|${card.card_hmac}`
    const known = this.tokens.get(this.byCard.get(key) ?? "")
    if (known && !known.revoked_at) return known
    const token: CardToken = {
      token_id: `tk${randomBytes(15).toString("hex")}`,
      merchant_id,
      brand: card.brand,
      last4: card.last4,
      expiry: card.expiry,
      outcome: card.outcome,
      created_at: now,
    }
    this.tokens.set(token.token_id, token)
    this.byCard.set(key, token.token_id)
    return token
  }

  /** A live token of this merchant, else undefined (unknown, another merchant's, or revoked). */
  usable(merchant_id: string, token_id: string): CardToken | undefined {
    const t = this.tokens.get(token_id)
    return t && t.merchant_id === merchant_id && !t.revoked_at ? t : undefined
  }

  payWith(transaction_id: string, token_id: string): void {
    this.paying.set(transaction_id, token_id)
  }

  /** The token a checkout pays with (while it is still live). */
  payingWith(transaction_id: string): CardToken | undefined {
    const t = this.tokens.get(this.paying.get(transaction_id) ?? "")
    return t && !t.revoked_at ? t : undefined
  }

  isTokenPayment(transaction_id: string): boolean {
    return this.paying.has(transaction_id)
  }

  revoke(token_id: string, now: number): CardToken | undefined {
    const t = this.tokens.get(token_id)
    if (t && !t.revoked_at) t.revoked_at = now
    return t
  }

  list(): CardToken[] {
    return [...this.tokens.values()].map((t) => ({ ...t }))
  }
}

/** What an order that issued a token says about it (Order.saved_card). */
export interface IssuedToken {
  token_id: string
  brand: string
  last4: string
  expiry: string
}

/**
 * The token fields of an order record and of its payment notification, under the names the
 * plugin reads by default (provider option saved_cards): empty when the
 * order issued no token.
 */
export function tokenFields(order: { saved_card?: IssuedToken }): Record<string, string> {
  const t = order.saved_card
  return t ? { token_id: t.token_id, card_brand: t.brand, card_last4: t.last4, card_expiry: t.expiry } : {}
}
