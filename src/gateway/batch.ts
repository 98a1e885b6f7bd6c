import type { z } from "zod"
import type { BatchResult, CallOptions } from "./client-types"
import type { ClientContext } from "./context"
import { mapLimit } from "./concurrency"
import { GatewayError, GatewayNetworkError, GatewayRequestError } from "./errors"
import { OPERATION_TABLE } from "./operations-table"
import type { AccountOptions } from "./options"
import { expectObject, prepare, send, type Prepared } from "./pipeline"
import { validateRequest, validateResponse } from "./validate"

export type BatchOperation = "capture" | "review" | "cancel" | "refund"

export interface BatchSpec {
  op: BatchOperation
  order: z.ZodType
  response: z.ZodType
}

/** Split `items` into runs of at most `size`, in order. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/** The per-request limit: gateway-interface.md §8, or lower where options.batch_limits says so. */
export function limitOf(ctx: ClientContext, op: keyof typeof OPERATION_TABLE, specLimit: number): number {
  return Math.min(specLimit, ctx.options.batch_limits[op] ?? specLimit)
}

interface Item<O> {
  original: O
  parsed: Record<string, unknown>
}

/**
 * capture / review / cancel / refund: validate every order first (nothing is sent if one is
 * bad), group by account (CallOptions.account_id, else each order's currency), split each
 * group at the limit, sign every request, then send them, a few at a time
 * (options.max_concurrent_requests), results in request order. A request that
 * fails as a whole is listed in `failed`; the other requests still go.
 */
export async function runBatch<Entry, Order, Response>(
  ctx: ClientContext,
  spec: BatchSpec,
  req: unknown,
  opts: CallOptions = {},
): Promise<BatchResult<Entry, Order, Response>> {
  const { array, limit } = OPERATION_TABLE[spec.op].batch!
  const orders = ordersOf(req, array) as Order[]
  const items = orders.map((o, i) => ({ original: o, parsed: validateRequest(spec.order, o, `${array}[${i}]`) as Record<string, unknown> }))
  const max = limitOf(ctx, spec.op, limit)
  const planned = groupByAccount(ctx, items, opts, array).flatMap(({ account, items: group }) =>
    chunk(group, max).map((part) => ({ part, request: prepare(ctx, spec.op, { [array]: part.map((p) => p.parsed) }, account) })),
  )

  type Outcome = { sent: boolean; orders: Order[]; answer?: Awaited<ReturnType<typeof sendChunk>>; error?: GatewayError }
  const outcomes = await mapLimit(planned, ctx.options.max_concurrent_requests, async ({ part, request }): Promise<Outcome> => {
    const orders = part.map((p) => p.original)
    if (opts.signal?.aborted) {
      return { sent: false, orders, error: new GatewayNetworkError(`${spec.op}: aborted by the caller before sending`, { code: "ABORTED", operation: spec.op }) }
    }
    try {
      return { sent: true, orders, answer: await sendChunk(ctx, spec, request, array, opts) }
    } catch (e) {
      if (!(e instanceof GatewayError)) throw e
      return { sent: true, orders, error: e }
    }
  })

  const result: BatchResult<Entry, Order, Response> = { results: [], responses: [], failed: [], requests: 0 }
  for (const o of outcomes) {
    if (o.sent) result.requests++
    if (o.error) result.failed.push({ orders: o.orders, error: o.error })
    else {
      result.results.push(...(o.answer!.entries as Entry[]))
      result.responses.push(o.answer!.envelope as BatchResult<Entry, Order, Response>["responses"][number])
    }
  }
  return result
}

async function sendChunk(ctx: ClientContext, spec: BatchSpec, request: Prepared, array: string, opts: CallOptions) {
  const answer = await send(ctx, request, opts)
  const parsed = validateResponse(spec.response, expectObject(answer, spec.op), spec.op, answer.status) as Record<string, unknown>
  const { [array]: entries, ...envelope } = parsed
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
function groupByAccount<O>(ctx: ClientContext, items: Item<O>[], opts: CallOptions, array: string) {
  const groups = new Map<string, { account: AccountOptions; items: Item<O>[] }>()
  items.forEach((item, i) => {
    const currency = typeof item.parsed.currency === "string" ? item.parsed.currency : undefined
    const account = ctx.accounts.pick({ account_id: opts.account_id, currency }, `${array}[${i}].currency`)
    const group = groups.get(account.account_id) ?? { account, items: [] }
    group.items.push(item)
    groups.set(account.account_id, group)
  })
  return [...groups.values()]
}
