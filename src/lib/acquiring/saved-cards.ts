import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto"
import { z } from "zod"

/**
 * Saved cards (issue #18): the gateway keeps only a token, stored sealed since Medusa copies the account
 * holder into every session's context, which the Store API returns.
 */

const FieldName = z.string().regex(/^[A-Za-z][\w.]{0,59}$/, "a field name: letters, digits, _ and .")

/** Option `saved_cards`: the spec does not show where the token comes back, so the field names are configurable. */
export const SavedCardsOptions = z
  .object({
    /** false: save_card and payment_method_id are ignored, token_flag is always NO. */
    enabled: z.boolean().default(true),
    token_field: FieldName.default("token_id"),
    card_fields: z
      .object({
        brand: FieldName.default("card_brand"),
        last4: FieldName.default("card_last4"),
        expiry: FieldName.default("card_expiry"),
      })
      .strict()
      .default({ brand: "card_brand", last4: "card_last4", expiry: "card_expiry" }),
  })
  .strict()
export type SavedCardsOptions = z.infer<typeof SavedCardsOptions>
export const SAVED_CARDS_DEFAULTS: SavedCardsOptions = SavedCardsOptions.parse({})

export const SAVED_CARD_ID = /^acqcard_[0-9a-f]{24}$/
export const newSavedCardId = () => `acqcard_${randomBytes(12).toString("hex")}`

/** The gateway's token as stored: `v1.<iv>.<ciphertext>.<tag>` (base64url), readable only with the seal key. */
const SealedToken = z.string().regex(/^v1\.[\w-]{16}\.[\w-]{2,400}\.[\w-]{22}$/)

export const SavedCard = z.object({
  id: z.string().regex(SAVED_CARD_ID),
  token_sealed: SealedToken,
  brand: z.string().min(1).max(40),
  last4: z.string().regex(/^\d{4}$/),
  exp_month: z.number().int().min(1).max(12),
  exp_year: z.number().int().min(2000).max(2199),
  created_at: z.string(),
  /** Same card, same fingerprint: brand, last 4 and expiry (the gateway gives no card fingerprint). */
  fingerprint: z.string(),
})
export type SavedCard = z.infer<typeof SavedCard>

export const PublicSavedCard = SavedCard.pick({
  id: true,
  brand: true,
  last4: true,
  exp_month: true,
  exp_year: true,
  created_at: true,
})
export type PublicSavedCard = z.infer<typeof PublicSavedCard>
export const publicCard = (c: SavedCard): PublicSavedCard => PublicSavedCard.parse(c)

export const HolderData = z.object({ shopper_id: z.string().optional(), cards: z.array(SavedCard).default([]) }).loose()
export type HolderData = z.infer<typeof HolderData>

/** A holder's cards; a malformed entry is dropped rather than failing the customer's checkout. */
export function cardsOf(data: unknown): SavedCard[] {
  const raw = (data as { cards?: unknown } | null | undefined)?.cards
  if (!Array.isArray(raw)) return []
  return raw.flatMap((c) => {
    const r = SavedCard.safeParse(c)
    return r.success ? [r.data] : []
  })
}

export const NewCard = SavedCard.omit({ id: true, created_at: true, fingerprint: true, token_sealed: true }).extend({
  token_id: z.string().min(1).max(200),
})
export type NewCard = z.infer<typeof NewCard>

const tokenKey = (sealKey: Buffer) =>
  createHash("sha256").update("acquiring:saved-card-token:").update(sealKey).digest()

export function sealToken(sealKey: Buffer, token: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv("aes-256-gcm", tokenKey(sealKey), iv)
  const ct = Buffer.concat([cipher.update(token, "utf8"), cipher.final()])
  return ["v1", iv.toString("base64url"), ct.toString("base64url"), cipher.getAuthTag().toString("base64url")].join(".")
}

/** The token in clear; null when it was sealed under another key (sign keys rotated without snapshot_secret). */
export function openToken(sealKey: Buffer, sealed: string): string | null {
  const [v, iv, ct, tag] = sealed.split(".")
  if (v !== "v1" || !iv || !ct || !tag) return null
  try {
    const d = createDecipheriv("aes-256-gcm", tokenKey(sealKey), Buffer.from(iv, "base64url"))
    d.setAuthTag(Buffer.from(tag, "base64url"))
    return Buffer.concat([d.update(Buffer.from(ct, "base64url")), d.final()]).toString("utf8")
  } catch {
    return null
  }
}

export function fingerprintOf(c: Pick<SavedCard, "brand" | "last4" | "exp_month" | "exp_year">): string {
  const text = `${c.brand.toLowerCase()}|${c.last4}|${c.exp_month}|${c.exp_year}`
  return createHash("sha256").update(text).digest("hex").slice(0, 32)
}

export function parseExpiry(text: string): { exp_month: number; exp_year: number } | null {
  const m = /^(\d{2})\s*\/?\s*(\d{2}|\d{4})$/.exec(text.trim())
  if (!m) return null
  const exp_month = Number(m[1])
  const exp_year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2])
  return exp_month >= 1 && exp_month <= 12 ? { exp_month, exp_year } : null
}

const text = (v: unknown) => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : "")

export function cardFromRecord(record: Record<string, unknown>, opts: SavedCardsOptions): NewCard | null {
  const token_id = text(record[opts.token_field])
  const expiry = parseExpiry(text(record[opts.card_fields.expiry]))
  const last4 = text(record[opts.card_fields.last4]).slice(-4)
  const parsed = NewCard.safeParse({
    token_id,
    brand: text(record[opts.card_fields.brand]) || "card",
    last4,
    ...expiry,
  })
  return token_id && parsed.success ? parsed.data : null
}

/** Unless the holder has it (same token, or same fingerprint: the newer token replaces the older). */
export function addCard(
  cards: SavedCard[],
  card: NewCard,
  now: Date,
  sealKey: Buffer,
): { cards: SavedCard[]; card: SavedCard; changed: boolean; added: boolean } {
  const fingerprint = fingerprintOf(card)
  const { token_id, ...described } = card
  const same = cards.find((c) => c.fingerprint === fingerprint || openToken(sealKey, c.token_sealed) === token_id)
  if (same) {
    if (openToken(sealKey, same.token_sealed) === token_id) return { cards, card: same, changed: false, added: false }
    const updated = { ...same, token_sealed: sealToken(sealKey, token_id) }
    return { cards: cards.map((c) => (c.id === same.id ? updated : c)), card: updated, changed: true, added: false }
  }
  const saved: SavedCard = {
    ...described,
    token_sealed: sealToken(sealKey, token_id),
    id: newSavedCardId(),
    created_at: now.toISOString(),
    fingerprint,
  }
  return { cards: [...cards, saved], card: saved, changed: true, added: true }
}

/** A session's saved-card state (never the token): the holder, whether a token was asked for, the card paid with. */
export const SESSION_CARD_KEY = "saved_card"
export const SessionSavedCard = z.object({
  customer_id: z.string(),
  holder_id: z.string(),
  /** token_flag YES was sent: store the token once the payment is authorised. */
  save: z.boolean(),
  card_id: z.string().optional(),
})
export type SessionSavedCard = z.infer<typeof SessionSavedCard>

export function sessionSavedCard(data: Record<string, unknown>): SessionSavedCard | null {
  const r = SessionSavedCard.safeParse(data[SESSION_CARD_KEY])
  return r.success ? r.data : null
}
