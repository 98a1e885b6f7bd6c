import { parseClientOptions, type GatewayClientOptionsInput } from "../options"
import type { ProbeContext } from "./attempts"
import { probeCheckout } from "./checkout-probe"
import { optionLines } from "./option-lines"
import { probeRetrieval } from "./retrieval-probe"
import { DoctorRunOptions, type DoctorReport, type DoctorRunOptionsInput, type UnknownOrderReading } from "./types"
import { emptyFix } from "./variants"
import { firstIssue } from "../zod-issues"
import { GatewayOptionsError } from "../errors"

export * from "./types"
export { CHECKOUT_NOTIFY_ROW } from "./variants"

/**
 * Checks a merchant's first connection with harmless calls only (a retrievalTrans of an order that cannot
 * exist; in test mode a 1.00 checkout and its cancel). Where refused, it tries the spec's alternatives
 * (§5.4) and returns the option lines that worked. Never a capture, review, refund or payout.
 */
export async function runDoctor(
  input: GatewayClientOptionsInput,
  runInput: DoctorRunOptionsInput = {},
): Promise<DoctorReport> {
  const options = parseClientOptions(input)
  const parsedRun = DoctorRunOptions.safeParse(runInput)
  if (!parsedRun.success) {
    const { path, message } = firstIssue(parsedRun.error, { fallback: "doctor" })
    throw new GatewayOptionsError(`Invalid doctor option ${path}: ${message}`, { source: path })
  }
  const run = parsedRun.data
  if (run.checkout && options.mode === "live")
    throw new GatewayOptionsError("the checkout probe runs in test mode only (mode is live)", { source: "checkout" })
  const checkout = run.checkout ?? options.mode === "test"

  const ctx: ProbeContext = { input, options, found: emptyFix(), calls: [] }
  const findings: DoctorReport["findings"] = []
  const readings = new Set<UnknownOrderReading>()
  for (const account of options.accounts) {
    const retrieval = await probeRetrieval(ctx, account)
    findings.push(...retrieval.findings)
    if (retrieval.reading) readings.add(retrieval.reading)
    // The checkout probe finds its order with retrievalTrans to cancel it: only after that works.
    if (checkout && retrieval.ok) findings.push(...(await probeCheckout(ctx, account, run)))
  }
  const reading = readings.size === 1 ? [...readings][0] : undefined
  return {
    ok: findings.every((f) => f.ok),
    findings,
    option_lines: optionLines(options, ctx.found),
    ...(reading ? { unknown_order_reading: reading } : {}),
    calls: ctx.calls,
  }
}

/** The report as the CLI prints it: one line per finding, then the option lines. */
export function formatReport(report: DoctorReport): string[] {
  const lines = report.findings.map((f) => `${f.ok ? "ok  " : "FIX "} ${f.check}: ${f.saw}`)
  if (report.option_lines.length) {
    lines.push(
      "",
      "Put these lines in the acquiring provider's options in medusa-config.ts:",
      ...report.option_lines.map((l) => `  ${l}`),
    )
  }
  lines.push(
    "",
    report.ok ? "Everything the doctor tried works as configured." : "Something above needs you (lines marked FIX).",
  )
  return lines
}
