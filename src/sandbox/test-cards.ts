/** One table, printed by the CLI. Any other Luhn-valid number succeeds. */
export type CardOutcome = "success" | "decline" | "challenge" | "review" | "insufficient_funds" | "expired_card"

export interface TestCard {
  number: string
  outcome: CardOutcome
  description: string
}

export const TEST_CARDS: readonly TestCard[] = [
  { number: "4111111111111111", outcome: "success", description: "Approved" },
  { number: "4000000000000002", outcome: "decline", description: "Declined by the issuer (E0001)" },
  {
    number: "4000000000003220",
    outcome: "challenge",
    description: "3-D Secure challenge: code 1234 approves, any other code declines (E0003)",
  },
  {
    number: "4000000000009235",
    outcome: "review",
    description: "Held for fraud review (1100); decide with POST /v1/review",
  },
  { number: "4000000000009995", outcome: "insufficient_funds", description: "Declined: insufficient funds (E0002)" },
  // The page refuses a past expiry itself; this is one the issuer reports expired.
  { number: "4000000000000069", outcome: "expired_card", description: "Declined: expired card (E0006)" },
]

export const THREE_DS_CODE = "1234"

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48
    if (i % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

/** null when it is not a valid card number. */
export function cardOutcome(raw: string): CardOutcome | null {
  const digits = raw.replace(/[\s-]/g, "")
  if (!luhnValid(digits)) return null
  return TEST_CARDS.find((c) => c.number === digits)?.outcome ?? "success"
}

export const last4 = (raw: string) => raw.replace(/\D/g, "").slice(-4)
