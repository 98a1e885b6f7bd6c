import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { BatchEntry, BatchOperation, EntryVerdict } from "../batch"
import type { MovementInput } from "../../../modules/acquiring/service"
import { acquiringOf } from "../../../modules/acquiring"

/** The answer kept: the gateway's per-order codes and identifiers, never card or personal data. */
const KEPT_ANSWER_KEYS = ["order_no", "transaction_id", "status", "code", "message", "refund_reference_id", "amount"]

function answerOf(v: EntryVerdict | undefined): Record<string, unknown> {
  if (!v) return { error: "no answer" }
  if (!v.ok) return { error: v.error }
  return Object.fromEntries(KEPT_ANSWER_KEYS.filter((k) => v.entry[k] !== undefined).map((k) => [k, v.entry[k]]))
}

export function movementsOfBatch(
  op: BatchOperation,
  source: string,
  entries: BatchEntry[],
  verdicts: ReadonlyMap<string, EntryVerdict> | Record<string, EntryVerdict>,
  paymentIdOf: (orderNo: string) => string | undefined = () => undefined,
): MovementInput[] {
  const get = (no: string) =>
    verdicts instanceof Map ? verdicts.get(no) : (verdicts as Record<string, EntryVerdict>)[no]
  return entries.map((e) => {
    const v = get(e.ref.order_no)
    return {
      order_no: e.ref.order_no,
      kind: op,
      source,
      payment_id: paymentIdOf(e.ref.order_no) ?? null,
      amount: e.amount ?? (op === "review" ? null : e.ref.amount),
      currency_code: e.ref.currency,
      outcome: v?.ok ? "done" : "refused",
      answer: answerOf(v),
    }
  })
}

/** The gateway call cannot be taken back, so a failed write is logged, never thrown. */
export async function recordMovementsAfterSend(scope: MedusaContainer, rows: MovementInput[]): Promise<void> {
  try {
    await acquiringOf(scope).recordMovements(rows)
  } catch (e) {
    scope
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(`acquiring: could not record ${rows.length} gateway movement(s) in the books: ${(e as Error).message}`)
  }
}
