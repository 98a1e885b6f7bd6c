import { z } from "zod"
import { firstIssue } from "./zod-issues"

/**
 * The plugin's internals: timings, retries, limits and keys no merchant needs to choose. Constants,
 * one table; the gateway client reads its transport ones, the payment provider the rest. Tests
 * override them through ACQUIRING_TEST_INTERNALS (JSON), read only while NODE_ENV is "test".
 */
export const Internals = z.strictObject({
  /** Per-call timeout of a gateway request. */
  timeout_ms: z.number().int().positive().max(300_000).default(20_000),
  /** Retries of pure queries only (retrievals): a retry there cannot double an effect. */
  query_retries: z.number().int().min(0).max(10).default(2),
  retry_base_delay_ms: z.number().int().min(0).max(60_000).default(250),
  /** Upper bound of one retry back-off, before jitter. */
  retry_max_delay_ms: z.number().int().min(0).max(300_000).default(5_000),
  /** Requests of one batched or list call in flight at once (the spec publishes no rate limit). */
  max_concurrent_requests: z.number().int().min(1).max(16).default(4),
  /** Extra headers sent with every request (no header credential is documented). */
  headers: z.record(z.string(), z.string()).default({}),
  /** Path of our notification route; notify_url = store_url + notify_path. */
  notify_path: z
    .string()
    .regex(/^\/hooks\/[\w\-/]+$/, "must be a path under /hooks/")
    .default("/hooks/acquiring/notify"),
  /** Sent as `platform_source` with every checkout. */
  platform_source: z.string().min(1).max(100).default("medusa"),
  /** HMAC key sealing the cart snapshot; derived from the sign keys when absent. */
  snapshot_secret: z.string().min(32, "use at least 32 characters").optional(),
  /** A cart snapshot older than this is refused (seconds). */
  snapshot_max_age_s: z.number().int().positive().max(86_400).default(900),
  /** Also offer the gateway's raw page beside the checked form (a storefront rendering it runs whatever it holds). */
  session_html: z.boolean().default(false),
  /** Also keep the page in Medusa's session data (copied into every checkpoint of cart completion). */
  page_in_session_data: z.boolean().default(false),
  /** Payments and sessions older than this are no longer reconciled. */
  reconcile_lookback_days: z.number().int().min(1).max(365).default(30),
  /** Minutes after its session started before the payment of a cart that can never be placed is given back. */
  unplaceable_grace_minutes: z.number().int().min(0).max(1440).default(10),
})
export type Internals = z.infer<typeof Internals>
export type InternalKey = keyof Internals

/** The constants themselves. */
export const INTERNALS: Readonly<Internals> = Object.freeze(Internals.parse({}))

/** The constants a client of the gateway reads; the other internals are the provider's. */
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

/** The constants, with a test's overrides (ACQUIRING_TEST_INTERNALS, only under NODE_ENV=test) and then `over`. */
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
