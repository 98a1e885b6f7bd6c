import type { CallOptions, RetrievalInput } from "./client-types"
import { chunk, limitOf } from "./batch"
import { mapLimit } from "./concurrency"
import type { ClientContext } from "./context"
import { GatewayRequestError } from "./errors"
import { OPERATION_TABLE } from "./operations-table"
import { expectObject, prepare, send } from "./pipeline"
import { QUERY_RESULT } from "./status-codes"
import { validateRequest, validateResponse } from "./validate"

export type RetrievalOperation = "retrievalTrans" | "retrievalRefund"

/**
 * Selections go as comma-separated lists of at most 100 (the spec §4.3), so no answer exceeds 100
 * records. Pure queries: retried, and any request still failing fails the call. An unknown order is
 * either left out or a `query_result` 2 entry lacking other fields: such an entry is kept (the doctor
 * reports the reading) but reduced to order_no and query_result, so it never fails the schema.
 */
export async function runRetrieval(
  ctx: ClientContext,
  op: RetrievalOperation,
  list: "orders_list" | "refund_orders",
  sel: RetrievalInput,
  opts: CallOptions = {},
): Promise<{ records: unknown[]; responses: Array<Record<string, unknown>>; requests: number }> {
  const { request: selectionSchema, response: responseSchema, selectionLimit } = OPERATION_TABLE[op]
  const selection = validateRequest(selectionSchema, sel)
  const account = ctx.accounts.pick({ account_id: opts.account_id, currency: opts.currency })
  const names = { orders: "orders", trades: "trades", ...ctx.options.selection_fields[op] }
  const limit = limitOf(ctx, op, selectionLimit)
  const requests = (["orders", "trades"] as const).flatMap((key) => {
    const values = selection[key] ?? []
    values.forEach((value, i) => {
      if (value.includes(","))
        throw new GatewayRequestError(`${key}[${i}] contains a comma, which separates the list`, {
          source: `${key}[${i}]`,
        })
    })
    return chunk(values, limit).map((part) => prepare(ctx, op, { [names[key]]: part.join(",") }, account))
  })

  // A failing request fails the call, as before; answers keep the order of the requests.
  const answers = await mapLimit(requests, ctx.options.max_concurrent_requests, async (request) => {
    const answer = await send(ctx, request, opts)
    const parsed = validateResponse(
      responseSchema,
      list === "orders_list" ? withUnknownOrdersReduced(expectObject(answer, op)) : expectObject(answer, op),
      op,
      answer.status,
    ) as Record<string, unknown>
    const { [list]: found, ...envelope } = parsed
    return {
      found: (found ?? []) as unknown[],
      envelope: { ...envelope, account_id: envelope.account_id ?? account.account_id },
    }
  })
  const records = answers.flatMap((answer) => answer.found)
  const responses: Array<Record<string, unknown>> = answers.map((answer) => answer.envelope)
  return { records, responses, requests: requests.length }
}

/** A query_result 2 entry: the gateway does not know this order (never a status of it). */
const isUnknownOrderEntry = (entry: unknown): boolean =>
  !!entry &&
  typeof entry === "object" &&
  String((entry as Record<string, unknown>).query_result ?? "").trim() === QUERY_RESULT.NOT_FOUND

/** The answer with orders_list's query_result 2 entries reduced to what they say (its signature was checked as received). */
function withUnknownOrdersReduced(value: Record<string, unknown>): Record<string, unknown> {
  const found = value.orders_list
  if (!Array.isArray(found) || !found.some(isUnknownOrderEntry)) return value
  const reduce = (entry: Record<string, unknown>) => ({
    order_no: String(entry.order_no ?? ""),
    query_result: QUERY_RESULT.NOT_FOUND,
    amount: "",
    currency: "",
  })
  return { ...value, orders_list: found.map((entry) => (isUnknownOrderEntry(entry) ? reduce(entry) : entry)) }
}
