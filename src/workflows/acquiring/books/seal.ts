import { createHash } from "node:crypto"
import type { MedusaContainer } from "@medusajs/framework/types"
import { deliveryDigest, signatureOf } from "../../../lib/acquiring/notification-fields"
import { booksOf } from "./books"

/** Kinds whose one result a signature carries: the gateway repeats that body, never another. */
const ONE_BODY = new Set(["payment", "review"])

/**
 * Whether a delivery whose signature verified may be processed. The first delivery with a signature
 * binds its kind (notify_type) to it, and for a payment or review result its whole body: a later
 * delivery with that signature and another kind, or another payment body, is not the gateway's (it
 * signs only some fields). Refunds, disputes and payouts report their steps under one signature, so
 * those keep their kind only. `digest` is the delivery's as received (a row processed again has
 * its fields masked, so it passes the one taken on arrival).
 */
export async function sealedDelivery(
  scope: MedusaContainer,
  body: unknown,
  kind: string,
  digest?: string,
): Promise<boolean> {
  const signature = signatureOf(body)
  if (!signature) return true
  // Hex in either case verifies, so the case makes no other signature.
  const hash = createHash("sha256").update(signature.toLowerCase()).digest("hex")
  const bound = ONE_BODY.has(kind) ? `${kind}:${digest ?? deliveryDigest(body)}` : `${kind}:*`
  return booksOf(scope).sealSignature(hash, bound)
}

/** The refusal of a delivery that reuses a signature with other fields. */
export const RESEALED =
  "acquiring notification refused: its signature came before with other fields; only a repeat of that delivery is accepted"
