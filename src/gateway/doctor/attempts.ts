import type { GatewayClient } from "../client-types"
import type { Operation } from "../operations-table"
import type { GatewayClientOptions, GatewayClientOptionsInput } from "../options"
import { classify, isFinal, type Refusal } from "./classify"
import { clientFor, variants, type CallLog, type Fix, type Variant } from "./variants"

export interface ProbeContext {
  input: GatewayClientOptionsInput
  options: GatewayClientOptions
  /** What already worked (applied to every later probe). */
  found: Fix
  calls: CallLog
}

export type Attempted<T> =
  | { ok: true; value: T; variant: Variant; tries: number; first?: { error: unknown; refusal: Refusal } }
  | { ok: false; error: unknown; refusal: Refusal; tries: number }

/**
 * Call `op` as configured; where refused for a reason an alternative may cure (signature or an unknown
 * refusal such as an encoding the gateway does not take), try the other variants, fewest changes first.
 * An unknown merchant/account is tried further too: a body the gateway cannot read may look like one.
 * The answer to report on failure is the configured variant's (the merchant's own configuration).
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
