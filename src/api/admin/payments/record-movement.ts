import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { answerClassOf } from "../../../lib/acquiring/http-answer"
import { isAcquiringProvider } from "../../../lib/acquiring/config"
import { tryReadData } from "../../../lib/acquiring/payment-data"
import { graphOf } from "../../../lib/acquiring/queries/graph"
import { recordMovementsAfterSend } from "../../../lib/acquiring/books/movements"

const outcomeOf = (status: number): "done" | "refused" | "failed" => {
  const answer = answerClassOf(status)
  return answer === "ok" ? "done" : answer
}

/** One movement in the books per admin capture or refund, once answered: the provider cannot write them. */
export function recordPaymentMovement(kind: "capture" | "refund") {
  return (req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) => {
    const paymentId = req.params.id
    const asked = (req.body as { amount?: unknown } | undefined)?.amount
    res.on("finish", () => {
      void record(req, paymentId, kind, asked, res.statusCode)
    })
    next()
  }
}

async function record(
  req: MedusaRequest,
  paymentId: string,
  kind: "capture" | "refund",
  asked: unknown,
  status: number,
) {
  try {
    const { data } = await graphOf(req.scope).graph({
      entity: "payment",
      fields: ["id", "provider_id", "data", "currency_code"],
      filters: { id: paymentId },
    })
    const payment = data[0]
    const pd = payment && isAcquiringProvider(payment.provider_id) ? tryReadData(payment.data) : null
    if (!pd) return
    await recordMovementsAfterSend(req.scope, [
      {
        order_no: pd.order_no,
        kind,
        source: "medusa",
        payment_id: paymentId,
        amount: asked === undefined || asked === null ? null : String(asked),
        currency_code: pd.currency,
        outcome: outcomeOf(status),
        answer: { status },
      },
    ])
  } catch {
    // Unrecorded; the gateway's records still say.
  }
}
