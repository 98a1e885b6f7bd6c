#!/usr/bin/env node
import { readFileSync } from "node:fs"
import {
  startSandbox,
  TEST_CARDS,
  THREE_DS_CODE,
  SandboxOptionsError,
  type Sandbox,
  type SandboxOptionsInput,
} from "./index"

/** acquiring-sandbox [--port N] [--host H] [--config file.json] [--seed N] [--live] [--quiet] [--dialect documented|legacy] [--lenient] */
function parseArgs(argv: string[]): { options: SandboxOptionsInput; json: boolean } {
  let options: SandboxOptionsInput = {}
  let json = false
  const overrides: SandboxOptionsInput = { port: 8787, log_requests: true }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    const value = () => {
      const v = argv[++i]
      if (v === undefined) throw new SandboxOptionsError(`${arg} needs a value`, arg)
      return v
    }
    if (arg === "--port") overrides.port = Number(value())
    else if (arg === "--host") overrides.host = value()
    else if (arg === "--seed") overrides.seed = Number(value())
    else if (arg === "--public-url") overrides.public_url = value()
    else if (arg === "--live") overrides.server_mode = "live"
    else if (arg === "--quiet") overrides.log_requests = false
    else if (arg === "--dialect") overrides.dialect = value() as SandboxOptionsInput["dialect"]
    else if (arg === "--lenient") overrides.lenient = true
    else if (arg === "--json") json = true
    else if (arg === "--config") options = JSON.parse(readFileSync(value(), "utf8")) as SandboxOptionsInput
    else if (arg === "--help" || arg === "-h") {
      console.log(
        "acquiring-sandbox [--port 8787] [--host 127.0.0.1] [--config file.json] [--seed N] [--live] [--quiet] [--json]\n" +
          "                  [--dialect documented|legacy] [--lenient]",
      )
      process.exit(0)
    } else throw new SandboxOptionsError(`unknown argument ${arg} (see --help)`, arg)
  }
  return { options: { ...overrides, ...options, ...pick(overrides, argv) }, json }
}

/** Flags given on the command line win over the config file. */
function pick(o: SandboxOptionsInput, argv: string[]): SandboxOptionsInput {
  const out: Record<string, unknown> = {}
  const flags: Record<string, keyof SandboxOptionsInput> = {
    "--port": "port",
    "--host": "host",
    "--seed": "seed",
    "--public-url": "public_url",
    "--live": "server_mode",
    "--quiet": "log_requests",
    "--dialect": "dialect",
    "--lenient": "lenient",
  }
  for (const [flag, key] of Object.entries(flags)) if (argv.includes(flag)) out[key] = o[key]
  return out as SandboxOptionsInput
}

/** The pins in force, or that every plausible reading of the document's silent points is taken. */
function pinsLine(sb: Sandbox): string {
  if (sb.dialect.lenient) return "any reading (lenient)"
  const { retrieval_selection, ...rest } = sb.dialect.pin
  const pinned = [
    ...Object.entries(rest).filter(([, v]) => v !== null),
    ...Object.entries(retrieval_selection)
      .filter(([, v]) => v !== null)
      .map(([op, v]) => [`retrieval_selection.${op}`, v]),
  ]
  return pinned.length
    ? `pinned ${pinned.map(([k, v]) => `${k} ${v}`).join(", ")}; the others take every plausible reading`
    : "every plausible reading taken (pin none)"
}

async function main() {
  const { options, json } = parseArgs(process.argv.slice(2))
  const sb = await startSandbox(options)
  if (json) {
    console.log(JSON.stringify({ url: sb.url, port: sb.port, seed: sb.seed, dialect: sb.dialect }))
  } else {
    const lines = [
      `Sandbox gateway (${sb.options.server_mode} address) listening on ${sb.url}  seed ${sb.seed}`,
      `Dialect ${sb.dialect.preset}${sb.dialect.lenient ? ", lenient (any body encoding, any XML root)" : ", strict"}: ` +
        `notifications ${sb.dialect.notifications.dialect}/${sb.dialect.notifications.signature_case}, ` +
        Object.entries(sb.dialect.readings)
          .map(([k, v]) => `${k} ${v}`)
          .join(", "),
      `Silent points: ${pinsLine(sb)}`,
      "",
      "Merchants (sandbox test keys, never real ones):",
      ...sb.merchants.flatMap((m) => [
        `  merchant_id ${m.merchant_id}   registered IPs for retrievalTrans: ${m.registered_ips.join(", ")}`,
        ...m.accounts.map(
          (a) =>
            `    account_id ${a.account_id.padEnd(10)} sign_key ${a.sign_key.padEnd(18)} ${a.mode} ${a.capture_mode}`,
        ),
      ]),
      "",
      "Endpoints: POST " +
        `${sb.url}/v1/{checkout,authorise,retrievalTrans,capture,review,cancel,refund,retrievalRefund,payout}`,
      `Pages: hosted card page via the checkout loading page; APM approval at ${sb.url}/apm/<token>`,
      `Inspection: ${sb.url}/__sandbox/{orders,notifications,requests,payouts,faults,readings}`,
      "",
      "Test cards (any future expiry, any 3-digit CVV):",
      ...TEST_CARDS.map((c) => `  ${c.number}  ${c.description}`),
      `  3-D Secure code: ${THREE_DS_CODE}. Any other Luhn-valid number is approved.`,
      "",
      "Ctrl-C stops the sandbox.",
    ]
    console.log(lines.join("\n"))
  }
  const stop = () => {
    sb.stop().then(() => process.exit(0))
    setTimeout(() => process.exit(0), 2_000).unref()
  }
  process.once("SIGINT", stop)
  process.once("SIGTERM", stop)
}

main().catch((err) => {
  console.error(
    err instanceof SandboxOptionsError
      ? err.message
      : `sandbox failed to start: ${err instanceof Error ? err.message : err}`,
  )
  process.exit(1)
})
