import { createHmac, timingSafeEqual } from "node:crypto"
import { MedusaError } from "@medusajs/framework/utils"
import { z } from "zod"
import { CartSnapshot } from "./schema"

export const SealedSnapshot = z.object({ payload: z.string().min(2), mac: z.string().regex(/^[0-9a-f]{64}$/) })
export type SealedSnapshot = z.infer<typeof SealedSnapshot>

/** Key from the snapshot_secret option, else derived from the account sign keys (never stored). */
export function snapshotKey(opts: { snapshot_secret?: string; accounts: Array<{ sign_key: string }> }): Buffer {
  if (opts.snapshot_secret) return Buffer.from(opts.snapshot_secret, "utf8")
  const material = opts.accounts.map((a) => a.sign_key).sort().join("\n")
  return createHmac("sha256", material).update("medusa-plugin-acquiring/cart-snapshot/v1").digest()
}

const mac = (key: Buffer, payload: string) => createHmac("sha256", key).update(payload, "utf8").digest("hex")

export function sealSnapshot(snapshot: CartSnapshot, key: Buffer): SealedSnapshot {
  const payload = JSON.stringify(CartSnapshot.parse(snapshot))
  return { payload, mac: mac(key, payload) }
}

const refuse = (why: string): never => {
  throw new MedusaError(MedusaError.Types.INVALID_DATA, `The cart snapshot ${why}; start the payment again from the cart.`)
}

/** Verify and parse a sealed snapshot; refuses forged, altered or stale ones. */
export function openSnapshot(sealed: unknown, key: Buffer, maxAgeS: number, now = Date.now()): CartSnapshot {
  const s = SealedSnapshot.safeParse(sealed)
  if (!s.success) return refuse("is malformed")
  const expected = Buffer.from(mac(key, s.data.payload), "hex")
  const got = Buffer.from(s.data.mac, "hex")
  if (expected.length !== got.length || !timingSafeEqual(expected, got)) return refuse("does not verify")
  const parsed = CartSnapshot.safeParse(JSON.parse(s.data.payload))
  if (!parsed.success) return refuse("has an unknown shape")
  const age = (now - parsed.data.issued_at) / 1000
  if (age > maxAgeS || age < -60) return refuse("has expired")
  return parsed.data
}
