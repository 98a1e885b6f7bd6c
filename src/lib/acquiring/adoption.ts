import { MedusaError } from "@medusajs/framework/utils"
import { z } from "zod"
import { SealMac, sealText, verifySealed } from "./snapshot/seal"

/** Session data key of the ticket that makes a new session carry a kept gateway order. */
export const ADOPT_KEY = "acquiring_adopt"

export const AdoptionTicket = z.object({
  payment_id: z.string().min(1),
  collection_id: z.string().min(1),
  mac: SealMac,
})
export type AdoptionTicket = z.infer<typeof AdoptionTicket>

const text = (t: Pick<AdoptionTicket, "payment_id" | "collection_id">) =>
  `adopt_kept_authorisation:${t.payment_id}:${t.collection_id}`

/** Sealed only by the adoption workflow (after checking both collections share an order): a caller cannot forge one. */
export function adoptionTicket(key: Buffer, payment_id: string, collection_id: string): AdoptionTicket {
  return { payment_id, collection_id, mac: sealText(key, text({ payment_id, collection_id })) }
}

export function openAdoptionTicket(key: Buffer, raw: unknown): AdoptionTicket {
  const t = AdoptionTicket.safeParse(raw)
  if (!t.success || !verifySealed(key, text(t.data), t.data.mac)) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "The adoption ticket does not verify; adopt the kept authorisation from the admin.",
    )
  }
  return t.data
}
