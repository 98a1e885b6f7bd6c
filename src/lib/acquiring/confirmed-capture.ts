import { z } from "zod"
import { Amount } from "../../gateway/schemas/common"
import { SealMac, sealText, verifySealed } from "./snapshot/seal"

/** A capture confirmed by a batch answer, recorded without asking again; trusted only with this server's seal. */
export const ConfirmedCapture = z.object({
  amount: Amount,
  source: z.enum(["medusa", "gateway"]),
  seal: SealMac.optional(),
})
export type ConfirmedCapture = z.infer<typeof ConfirmedCapture>

const text = (orderNo: string, c: Pick<ConfirmedCapture, "amount" | "source">) =>
  `confirmed_capture\n${orderNo}\n${c.amount}\n${c.source}`

export function sealConfirmedCapture(
  key: Buffer,
  orderNo: string,
  c: Pick<ConfirmedCapture, "amount" | "source">,
): ConfirmedCapture {
  return { amount: c.amount, source: c.source, seal: sealText(key, text(orderNo, c)) }
}

export function verifiedConfirmedCapture(
  key: Buffer,
  orderNo: string,
  c: ConfirmedCapture | undefined,
): ConfirmedCapture | undefined {
  return c?.seal && verifySealed(key, text(orderNo, c), c.seal) ? c : undefined
}
