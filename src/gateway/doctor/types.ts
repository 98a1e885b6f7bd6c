import { z } from "zod"
import { Url } from "../schemas/common"

/** One check: what the doctor saw and, where a documented alternative worked, the option lines. Never a key. */
export const DoctorFinding = z.object({
  check: z.enum(["credentials", "unknown_order", "checkout", "hosted_page", "cancel"]),
  account_id: z.string().optional(),
  ok: z.boolean(),
  /** Verbatim where the gateway refused. */
  saw: z.string(),
  fix_options: z.string().optional(),
})
export type DoctorFinding = z.infer<typeof DoctorFinding>

/** retrievalTrans of an order the gateway does not have: left out, or a query_result 2 entry. */
export const UnknownOrderReading = z.enum(["absent", "query_result_2"])
export type UnknownOrderReading = z.infer<typeof UnknownOrderReading>

export const DoctorReport = z.object({
  ok: z.boolean(),
  findings: z.array(DoctorFinding),
  option_lines: z.array(z.string()),
  unknown_order_reading: UnknownOrderReading.optional(),
  /** Operation and HTTP status or error kind; no bodies. */
  calls: z.array(z.object({ operation: z.string(), outcome: z.string() })),
})
export type DoctorReport = z.infer<typeof DoctorReport>

export const DoctorRunOptions = z.object({
  /** The 1.00 checkout and its cancel; refused in live mode, default on in test mode. */
  checkout: z.boolean().optional(),
  /** What the store sends: the notify_url row may sign it. */
  notify_url: Url.optional(),
  return_url: Url.optional(),
  fallback_currency: z
    .string()
    .regex(/^[A-Z]{3}$/, "must be a 3-letter currency code")
    .default("USD"),
})
export type DoctorRunOptionsInput = z.input<typeof DoctorRunOptions>
export type DoctorRunOptions = z.infer<typeof DoctorRunOptions>
