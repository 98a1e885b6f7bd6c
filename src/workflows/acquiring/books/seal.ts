import { createHash } from "node:crypto"
import type { MedusaContainer } from "@medusajs/framework/types"
import { deliveryDigest, signatureOf } from "../../../lib/acquiring/notification-fields"
import { booksOf } from "./books"

/**
 * Whether a delivery whose signature verified may be processed: yes for the first delivery with
 * that signature and for any repeat of its body (the gateway's retries), no for the same signature
 * with other fields (the gateway signs only some of them). `digest` is the delivery's as received
 * (a stored row processed again keeps its fields masked, so it passes the one taken on arrival).
 */
export async function sealedDelivery(scope: MedusaContainer, body: unknown, digest?: string): Promise<boolean> {
  const signature = signatureOf(body)
  if (!signature) return true
  // Hex in either case verifies, so the case makes no other signature.
  const hash = createHash("sha256").update(signature.toLowerCase()).digest("hex")
  return booksOf(scope).sealSignature(hash, digest ?? deliveryDigest(body))
}

/** The refusal of a delivery that reuses a signature with other fields. */
export const RESEALED =
  "acquiring notification refused: its signature came before with other fields; only a repeat of that delivery is accepted"
