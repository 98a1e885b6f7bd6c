import { z } from "zod"
import { Url } from "../schemas/common"

/**
 * One thing the doctor checked: what it saw and, where a documented alternative worked, the exact
 * medusa-config.ts option lines that make the plugin speak it. Never carries a key.
 */
export const DoctorFinding = z.object({
  /** What was probed: credentials, unknown_order, checkout, hosted_page, cancel. */
  check: z.enum(["credentials", "unknown_order", "checkout", "hosted_page", "cancel"]),
  account_id: z.string().optional(),
  ok: z.boolean(),
  /** One line: what the gateway answered, verbatim where it refused (code, source, message). */
  saw: z.string(),
  /** Option lines for medusa-config.ts where a documented alternative worked. */
  fix_options: z.string().optional(),
})
export type DoctorFinding = z.infer<typeof DoctorFinding>

/** How the gateway answers retrievalTrans for an order it does not have (docs/assumptions.md, Provider: "Unknown order in retrievalTrans"). */
export const UnknownOrderReading = z.enum(["absent", "query_result_2"])
export type UnknownOrderReading = z.infer<typeof UnknownOrderReading>

export const DoctorReport = z.object({
  /** true when everything works with the options as configured (no line to change). */
  ok: z.boolean(),
  findings: z.array(DoctorFinding),
  /** Every option line to put in medusa-config.ts (merged over the accounts). */
  option_lines: z.array(z.string()),
  unknown_order_reading: UnknownOrderReading.optional(),
  /** The gateway calls made, in order (operation and HTTP status or error kind); no bodies. */
  calls: z.array(z.object({ operation: z.string(), outcome: z.string() })),
})
export type DoctorReport = z.infer<typeof DoctorReport>

/** How to run: the checkout probe defaults to on in test mode and is refused in live mode. */
export const DoctorRunOptions = z.object({
  /** Run the 1.00 checkout and its cancel (test mode only). Default: true in test mode. */
  checkout: z.boolean().optional(),
  /** notify_url / return_url sent with the test checkout (what the store sends: the notify_url row may sign it). */
  notify_url: Url.optional(),
  return_url: Url.optional(),
  /** Currency of the test checkout where the account names none. */
  fallback_currency: z
    .string()
    .regex(/^[A-Z]{3}$/, "must be a 3-letter currency code")
    .default("USD"),
})
export type DoctorRunOptionsInput = z.input<typeof DoctorRunOptions>
export type DoctorRunOptions = z.infer<typeof DoctorRunOptions>
