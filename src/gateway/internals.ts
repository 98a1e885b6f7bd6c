import { z } from "zod"
import { firstIssue } from "./zod-issues"

/**
 * Timings, retries, limits and keys no merchant needs to choose. Tests override them through
 * ACQUIRING_TEST_INTERNALS (JSON), read only while NODE_ENV is "test".
 */
export const Internals = z.strictObject({
  timeout_ms: z.number().int().positive().max(300_000).default(20_000),
  /** Only pure queries: a retry there cannot double an effect. */
  query_retries: z.number().int().min(0).max(10).default(2),
  retry_base_delay_ms: z.number().int().min(0).max(60_000).default(250),
  retry_max_delay_ms: z.number().int().min(0).max(300_000).default(5_000),
  /** The spec publishes no rate limit. */
  max_concurrent_requests: z.number().int().min(1).max(16).default(4),
  headers: z.record(z.string(), z.string()).default({}),
  notify_path: z
    .string()
    .regex(/^\/hooks\/[\w\-/]+$/, "must be a path under /hooks/")
    .default("/hooks/acquiring/notify"),
  platform_source: z.string().min(1).max(100).default("medusa"),
  /** HMAC key sealing the cart snapshot; derived from the sign keys when absent. */
  snapshot_secret: z.string().min(32, "use at least 32 characters").optional(),
  snapshot_max_age_s: z.number().int().positive().max(86_400).default(900),
  /** A storefront rendering the raw page runs whatever it holds. */
  session_html: z.boolean().default(false),
  /** Copied into every checkpoint of cart completion, hence off. */
  page_in_session_data: z.boolean().default(false),
  reconcile_lookback_days: z.number().int().min(1).max(365).default(30),
  /** Before the payment of a cart that can never be placed is given back. */
  unplaceable_grace_minutes: z.number().int().min(0).max(1440).default(10),
})
export type Internals = z.infer<typeof Internals>
export type InternalKey = keyof Internals

export const INTERNALS: Readonly<Internals> = Object.freeze(Internals.parse({}))

export const CLIENT_INTERNAL_KEYS = [
  "timeout_ms",
  "query_retries",
  "retry_base_delay_ms",
  "retry_max_delay_ms",
  "max_concurrent_requests",
  "headers",
] as const satisfies readonly InternalKey[]

export class InternalsError extends Error {
  constructor(
    message: string,
    readonly source: string,
  ) {
    super(message)
    this.name = "InternalsError"
  }
}

/** Test overrides apply only under NODE_ENV=test; `over` wins. */
export function internals(over: Record<string, unknown> = {}, env: NodeJS.ProcessEnv = process.env): Internals {
  let forTests: Record<string, unknown> = {}
  if (env.NODE_ENV === "test" && env.ACQUIRING_TEST_INTERNALS) {
    try {
      forTests = JSON.parse(env.ACQUIRING_TEST_INTERNALS)
    } catch {
      throw new InternalsError("ACQUIRING_TEST_INTERNALS must be a JSON object", "ACQUIRING_TEST_INTERNALS")
    }
  }
  const r = Internals.safeParse({ ...forTests, ...over })
  if (r.success) return r.data
  const { path, message } = firstIssue(r.error)
  throw new InternalsError(`Invalid internal ${path}: ${message}`, path)
}
