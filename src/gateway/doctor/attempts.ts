import type { GatewayClient } from "../client-types"
import type { Operation } from "../operations-table"
import type { GatewayClientOptions, GatewayClientOptionsInput } from "../options"
import { classify, isFinal, type Refusal } from "./classify"
import { clientFor, variants, type CallLog, type Fix, type Variant } from "./variants"

export interface ProbeContext {
  input: GatewayClientOptionsInput
  options: GatewayClientOptions
  /** Applied to every later probe. */
  found: Fix
  calls: CallLog
}

export type Attempted<T> =
  | { ok: true; value: T; variant: Variant; tries: number; first?: { error: unknown; refusal: Refusal } }
  | { ok: false; error: unknown; refusal: Refusal; tries: number }

/**
 * Where refused for a reason an alternative may cure, try the other variants, fewest changes first (an
 * unknown merchant too: an unreadable body may look like one). A failure reports the configured variant's answer.
 */
export async function attempt<T>(
  ctx: ProbeContext,
  op: Operation,
  call: (client: GatewayClient, variant: Variant, index: number) => Promise<T>,
): Promise<Attempted<T>> {
  let first: { error: unknown; refusal: Refusal } | undefined
  const list = variants(ctx.options, op)
  for (const [index, variant] of list.entries()) {
    const client = clientFor(ctx.options, ctx.found, { op, v: variant }, ctx.calls)
    try {
      const value = await call(client, variant, index)
      return { ok: true, value, variant, tries: index + 1, first }
    } catch (error) {
      const refusal = classify(error)
      first ??= { error, refusal }
      if (isFinal(refusal)) return { ok: false, error, refusal, tries: index + 1 }
    }
  }
  return { ok: false, ...first!, tries: list.length }
}
