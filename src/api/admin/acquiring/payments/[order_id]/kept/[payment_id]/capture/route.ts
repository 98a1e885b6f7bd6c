import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { PaymentDTO } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { capturePaymentWorkflow } from "@medusajs/medusa/core-flows"
import { adoptKeptAuthorisationWorkflow } from "../../../../../../../../workflows/acquiring/kept/adopt"

/** Adopted onto the order's unpaid collection, then captured; a failed capture leaves it for Medusa's button. */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const { order_id, payment_id } = req.params
  if (!/^order_[0-9A-Za-z]+$/.test(order_id) || !/^pay_[0-9A-Za-z]+$/.test(payment_id)) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, "order_id and payment_id must be Medusa ids (order_…, pay_…)")
  }
  const { result } = await adoptKeptAuthorisationWorkflow(req.scope).run({ input: { order_id, payment_id } })
  const payment = result as PaymentDTO
  if (payment.captured_at) return res.json({ payment_id: payment.id, captured: true })
  try {
    await capturePaymentWorkflow(req.scope).run({
      input: { payment_id: payment.id, captured_by: req.auth_context?.actor_id },
    })
    res.json({ payment_id: payment.id, captured: true })
  } catch (e) {
    res.json({ payment_id: payment.id, captured: false, error: (e as Error).message })
  }
}
