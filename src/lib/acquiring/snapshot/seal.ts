import { createHmac, timingSafeEqual } from "node:crypto"
import { MedusaError } from "@medusajs/framework/utils"
import { z } from "zod"
import { CartSnapshot } from "./schema"

/** Key from the snapshot_secret option, else derived from the account sign keys (never stored). */
export function snapshotKey(opts: { snapshot_secret?: string; accounts: Array<{ sign_key: string }> }): Buffer {
  if (opts.snapshot_secret) return Buffer.from(opts.snapshot_secret, "utf8")
  const material = opts.accounts
    .map((a) => a.sign_key)
    .sort()
    .join("\n")
  return createHmac("sha256", material).update("medusa-plugin-acquiring/cart-snapshot/v1").digest()
}

/** The provider's parsed options, by shape: the options module reaches this file through the payment data. */
export const sealKeyOf = (o: {
  provider: { snapshot_secret?: string }
  client: { accounts: Array<{ sign_key: string }> }
}): Buffer => snapshotKey({ snapshot_secret: o.provider.snapshot_secret, accounts: o.client.accounts })

export const SealMac = z.string().regex(/^[0-9a-f]{64}$/)
export const SealedSnapshot = z.object({ payload: z.string().min(2), mac: SealMac })
export type SealedSnapshot = z.infer<typeof SealedSnapshot>

/** HMAC of a text only this server can make (the caller prefixes its own domain, e.g. "confirmed_capture"). */
export const sealText = (key: Buffer, text: string) => createHmac("sha256", key).update(text, "utf8").digest("hex")

export function verifySealed(key: Buffer, text: string, got: string): boolean {
  if (!SealMac.safeParse(got).success) return false
  return timingSafeEqual(Buffer.from(sealText(key, text), "hex"), Buffer.from(got, "hex"))
}

export function sealSnapshot(snapshot: CartSnapshot, key: Buffer): SealedSnapshot {
  const payload = JSON.stringify(CartSnapshot.parse(snapshot))
  return { payload, mac: sealText(key, payload) }
}

const refuse = (why: string): never => {
  throw new MedusaError(
    MedusaError.Types.INVALID_DATA,
    `The cart snapshot ${why}; start the payment again from the cart.`,
  )
}

export function openSnapshot(sealed: unknown, key: Buffer, maxAgeS: number, now = Date.now()): CartSnapshot {
  const s = SealedSnapshot.safeParse(sealed)
  if (!s.success) return refuse("is malformed")
  if (!verifySealed(key, s.data.payload, s.data.mac)) return refuse("does not verify")
  const parsed = CartSnapshot.safeParse(JSON.parse(s.data.payload))
  if (!parsed.success) return refuse("has an unknown shape")
  const age = (now - parsed.data.issued_at) / 1000
  if (age > maxAgeS || age < -60) return refuse("has expired")
  return parsed.data
}
