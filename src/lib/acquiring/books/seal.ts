import { createHash } from "node:crypto"
import type { MedusaContainer } from "@medusajs/framework/types"
import { deliveryDigest, signatureOf } from "../notification-fields"
import { acquiringOf } from "../../../modules/acquiring"

/** Kinds whose one result a signature carries: the gateway repeats that body, never another. */
const ONE_BODY = new Set(["payment", "review"])

/**
 * The first verified delivery binds its kind to the signature, and for a payment or review result its
 * whole body: the gateway signs only some fields. `digest` is taken on arrival, before masking.
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
  return acquiringOf(scope).sealSignature(hash, bound)
}

/** The refusal of a delivery that reuses a signature with other fields. */
export const RESEALED =
  "acquiring notification refused: its signature came before with other fields; only a repeat of that delivery is accepted"
