import type { BatchResult, CallOptions } from "./client-types"
import type { ClientContext } from "./context"
import { mapLimit } from "./concurrency"
import { GatewayError, GatewayNetworkError, GatewayRequestError } from "./errors"
import { OPERATION_TABLE, type BatchOperation, type Operation } from "./operations-table"
import type { AccountOptions } from "./options"
import { expectObject, prepare, send, type Prepared } from "./pipeline"
import { validateRequest, validateResponse } from "./validate"

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const runs: T[][] = []
  for (let start = 0; start < items.length; start += size) runs.push(items.slice(start, start + size))
  return runs
}

/** The spec §8, or lower where options.batch_limits says so. */
export function limitOf(ctx: ClientContext, op: Operation, specLimit: number): number {
  return Math.min(specLimit, ctx.options.batch_limits[op] ?? specLimit)
}

interface CheckedOrder {
  original: unknown
  parsed: Record<string, unknown>
}

interface Outcome {
  sent: boolean
  orders: unknown[]
  answer?: { entries: unknown[]; envelope: Record<string, unknown> }
  error?: GatewayError
}

type AnyBatchResult = BatchResult<unknown, unknown, Record<string, unknown>>

/**
 * Validate every order first (nothing is sent if one is bad), group by account, split at the limit and
 * send a few at a time. A request failing as a whole is listed in `failed`; the others still go.
 */
export async function runBatch(
  ctx: ClientContext,
  op: BatchOperation,
  req: unknown,
  opts: CallOptions = {},
): Promise<AnyBatchResult> {
  const { request: orderSchema, batch } = OPERATION_TABLE[op]
  const { array } = batch
  const orders = ordersOf(req, array).map((original, i) => ({
    original,
    parsed: validateRequest(orderSchema, original, `${array}[${i}]`) as Record<string, unknown>,
  }))
  const perRequest = limitOf(ctx, op, batch.limit)
  const planned = groupByAccount(ctx, orders, opts, array).flatMap(({ account, orders: group }) =>
    chunk(group, perRequest).map((part) => ({
      orders: part.map((order) => order.original),
      request: prepare(ctx, op, { [array]: part.map((order) => order.parsed) }, account),
    })),
  )
  const outcomes = await mapLimit(planned, ctx.options.max_concurrent_requests, ({ orders, request }) =>
    sendRequest(ctx, op, request, orders, opts),
  )
  return collect(outcomes)
}

async function sendRequest(
  ctx: ClientContext,
  op: BatchOperation,
  request: Prepared,
  orders: unknown[],
  opts: CallOptions,
): Promise<Outcome> {
  if (opts.signal?.aborted) {
    const error = new GatewayNetworkError(`${op}: aborted by the caller before sending`, {
      code: "ABORTED",
      operation: op,
    })
    return { sent: false, orders, error }
  }
  try {
    return { sent: true, orders, answer: await sendChunk(ctx, op, request, opts) }
  } catch (err) {
    if (!(err instanceof GatewayError)) throw err
    return { sent: true, orders, error: err }
  }
}

/** Entries and envelopes of the requests that answered, in request order; the others in `failed`. */
function collect(outcomes: Outcome[]): AnyBatchResult {
  const result: AnyBatchResult = { results: [], responses: [], failed: [], requests: 0 }
  for (const outcome of outcomes) {
    if (outcome.sent) result.requests++
    if (outcome.error) result.failed.push({ orders: outcome.orders, error: outcome.error })
    else {
      result.results.push(...outcome.answer!.entries)
      result.responses.push(outcome.answer!.envelope)
    }
  }
  return result
}

async function sendChunk(ctx: ClientContext, op: BatchOperation, request: Prepared, opts: CallOptions) {
  const { response, batch } = OPERATION_TABLE[op]
  const answer = await send(ctx, request, opts)
  const parsed = validateResponse(response, expectObject(answer, op), op, answer.status) as Record<string, unknown>
  const { [batch.array]: entries, ...envelope } = parsed
  return {
    entries: (entries ?? []) as unknown[],
    envelope: { ...envelope, account_id: envelope.account_id ?? request.account.account_id },
  }
}

function ordersOf(req: unknown, array: string): unknown[] {
  const list = req && typeof req === "object" ? (req as Record<string, unknown>)[array] : undefined
  if (!Array.isArray(list)) throw new GatewayRequestError(`${array} must be an array of orders`, { source: array })
  return list
}

/** Groups in order of first appearance, each order keeping its place within its group. */
function groupByAccount(ctx: ClientContext, orders: CheckedOrder[], opts: CallOptions, array: string) {
  const groups = new Map<string, { account: AccountOptions; orders: CheckedOrder[] }>()
  orders.forEach((order, i) => {
    const currency = typeof order.parsed.currency === "string" ? order.parsed.currency : undefined
    const account = ctx.accounts.pick({ account_id: opts.account_id, currency }, `${array}[${i}].currency`)
    const group = groups.get(account.account_id) ?? { account, orders: [] }
    group.orders.push(order)
    groups.set(account.account_id, group)
  })
  return [...groups.values()]
}
