import type { IPaymentModuleService } from "@medusajs/framework/types"
import { Modules, PaymentCollectionStatus } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { withConfirmedCapture } from "../../../../lib/acquiring/operations"
import { tryReadData, type AcquiringData } from "../../../../lib/acquiring/payment-data"
import { cents, fromCents, toAmount } from "../../../../lib/acquiring/money"
import { centsOfRows } from "../../../../lib/acquiring/queries/payments"
import type { GraphRow } from "../../../../lib/acquiring/queries/graph"

/** A full capture the gateway confirmed, to record on a Medusa payment. */
export interface CaptureToRecord {
  payment_id: string
  order_id: string
  amount: string
  /** "medusa": this call sent it; "gateway": found done there (portal, lost answer). */
  source: "medusa" | "gateway"
}

export interface RecordedCapture extends CaptureToRecord {
  capture_id: string
  currency_code: string
}

export interface RecordCapturesResult {
  recorded: RecordedCapture[]
  /** payment_id → why it was not recorded (already captured, canceled, gone). */
  skipped: Record<string, string>
}

export interface Undo {
  capture_ids: string[]
  payments: Array<{ id: string; captured_at: Date | null; data: GraphRow }>
  collections: Array<{ id: string; status: string; captured_amount: string; completed_at: Date | null }>
}

// Rows are written through the module's batch methods, which its public types list one by one.
export type BatchPayments = IPaymentModuleService & {
  createCaptures(data: Array<{ payment_id: string; amount: string }>): Promise<GraphRow[]>
  deleteCaptures(ids: string[]): Promise<void>
  updatePayment(data: Array<{ id: string; captured_at: Date | null; data: GraphRow }>): Promise<unknown>
}

/** The skip reason a concurrent capture leaves (the bulk result then says already_done). */
export const ALREADY_CAPTURED = "the payment already has a capture"

/**
 * What Medusa's capturePayment records for each payment (a capture row, captured_at, the
 * provider's data, the collection's captured_amount and status), for many payments in a few
 * batch writes instead of one workflow per payment (bench/p4-bulk-capture.ts). Payments are re-read first,
 * under the caller's payment locks: one that already has a capture is skipped, never doubled.
 */
export async function recordCaptures(
  payments: BatchPayments,
  captures: CaptureToRecord[],
): Promise<{ result: RecordCapturesResult; undo?: Undo }> {
  const wanted = new Map(captures.map((c) => [c.payment_id, c]))
  const rows: GraphRow[] = wanted.size
    ? await payments.listPayments(
        { id: [...wanted.keys()] },
        {
          select: [
            "id",
            "amount",
            "raw_amount",
            "currency_code",
            "captured_at",
            "canceled_at",
            "data",
            "payment_collection_id",
          ],
          relations: ["captures"],
        },
      )
    : []
  const skipped: Record<string, string> = {}
  // Each payment's data is read once: the check below and the update use the same parse.
  const dataOf = new Map<string, AcquiringData>()
  const todo = rows.filter((p) => {
    const data = tryReadData(p.data)
    const why = p.canceled_at
      ? "the payment is canceled"
      : p.captured_at || centsOfRows(p.captures) > 0n
        ? ALREADY_CAPTURED
        : data
          ? ""
          : "the payment data is not the acquiring provider's"
    if (why) skipped[p.id] = why
    else dataOf.set(p.id, data!)
    return !why
  })
  const found = new Set(rows.map((p) => p.id as string))
  for (const id of wanted.keys()) if (!found.has(id)) skipped[id] = "the payment no longer exists"
  if (!todo.length) return { result: { recorded: [], skipped } }

  const created = await payments.createCaptures(
    todo.map((p) => ({ payment_id: p.id, amount: wanted.get(p.id)!.amount })),
  )
  const captureOf = new Map(created.map((c) => [c.payment_id ?? c.payment?.id, c.id as string]))
  const undo: Undo = { capture_ids: created.map((c) => c.id), payments: [], collections: [] }
  const now = new Date()
  const updates = todo.map((p) => {
    const want = wanted.get(p.id)!
    undo.payments.push({ id: p.id, captured_at: p.captured_at ?? null, data: p.data })
    const next = withConfirmedCapture(dataOf.get(p.id)!, {
      id: captureOf.get(p.id)!,
      amount: want.amount,
      source: want.source,
    })
    return { id: p.id, captured_at: now, data: next as GraphRow }
  })
  await payments.updatePayment(updates)
  undo.collections = await settleCollections(
    payments,
    [...new Set(todo.map((p) => p.payment_collection_id as string))],
    now,
  )
  const recorded = todo.map((p) => ({
    ...wanted.get(p.id)!,
    capture_id: captureOf.get(p.id)!,
    currency_code: p.currency_code as string,
  }))
  return { result: { recorded, skipped }, undo }
}

const NOTHING: Undo = { capture_ids: [], payments: [], collections: [] }

/** Put back what recordCaptures wrote (a later step of the batch failed). */
export async function undoCaptures(payments: BatchPayments, undo: Undo): Promise<void> {
  if (!undo.capture_ids.length) return
  await payments.deleteCaptures(undo.capture_ids)
  await payments.updatePayment(undo.payments)
  if (undo.collections.length) await payments.upsertPaymentCollections(undo.collections as never)
}

export const recordPaymentCapturesStep = createStep(
  "acquiring-record-payment-captures",
  async (input: { captures: CaptureToRecord[] }, { container }) => {
    const { result, undo } = await recordCaptures(container.resolve<BatchPayments>(Modules.PAYMENT), input.captures)
    return new StepResponse<RecordCapturesResult, Undo>(result, undo ?? NOTHING)
  },
  async (undo, { container }) => {
    if (undo) await undoCaptures(container.resolve<BatchPayments>(Modules.PAYMENT), undo)
  },
)

/**
 * The collections' captured_amount and status, as Medusa's maybeUpdatePaymentCollection_
 * derives them (captures only change these two); returns what they were, for the undo.
 */
async function settleCollections(payments: BatchPayments, ids: string[], now: Date): Promise<Undo["collections"]> {
  const cols: GraphRow[] = await payments.listPaymentCollections(
    { id: ids },
    {
      select: ["id", "amount", "raw_amount", "status", "captured_amount", "raw_captured_amount", "completed_at"],
      relations: ["payments.captures"],
    },
  )
  const before = cols.map((c) => ({
    id: c.id,
    status: c.status,
    captured_amount: toAmount(c.raw_captured_amount ?? c.captured_amount ?? 0),
    completed_at: c.completed_at ?? null,
  }))
  const after = cols.map((c) => {
    const captured = (c.payments as GraphRow[]).reduce((s, p) => s + centsOfRows(p.captures), 0n)
    const complete = captured >= cents(toAmount(c.raw_amount ?? c.amount))
    return {
      id: c.id,
      captured_amount: fromCents(captured),
      ...(complete ? { status: PaymentCollectionStatus.COMPLETED, completed_at: now } : {}),
    }
  })
  await payments.upsertPaymentCollections(after as never)
  return before
}
