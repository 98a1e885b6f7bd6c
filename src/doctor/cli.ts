#!/usr/bin/env node
import { existsSync } from "node:fs"
import { formatReport, runDoctor } from "../gateway/doctor"
import type { GatewayClientOptionsInput } from "../gateway/options"
import type { AcquiringOptions } from "../lib/acquiring/options"
import { DoctorUsageError, optionsFromConfig, optionsFromJson } from "./load-options"

const USAGE =
  "acquiring-doctor [--config medusa-config.ts] [--options options.json] [--id acquiring] [--no-checkout] [--json]"

interface Args {
  config?: string
  options?: string
  id: string
  checkout: boolean
  json: boolean
}

function parseArgs(argv: string[]): Args {
  const args: Args = { id: "acquiring", checkout: true, json: false }
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]
    const value = () => {
      const v = argv[++i]
      if (v === undefined || v.startsWith("--")) throw new DoctorUsageError(`${flag} needs a value (${USAGE})`)
      return v
    }
    if (flag === "--config") args.config = value()
    else if (flag === "--options") args.options = value()
    else if (flag === "--id") args.id = value()
    else if (flag === "--no-checkout") args.checkout = false
    else if (flag === "--json") args.json = true
    else if (flag === "--help" || flag === "-h") {
      console.log(USAGE)
      process.exit(0)
    } else throw new DoctorUsageError(`unknown argument ${flag} (${USAGE})`)
  }
  return args
}

function defaultConfig(): string {
  const found = ["medusa-config.ts", "medusa-config.js"].find((f) => existsSync(f))
  if (!found) throw new DoctorUsageError(`no medusa-config.ts or .js in ${process.cwd()}: pass --config or --options`)
  return found
}

/** `npx acquiring-doctor`: exit 0 when all works as configured, 1 when the merchant must act, 2 when input is unreadable. */
async function main() {
  const args = parseArgs(process.argv.slice(2))
  const options: AcquiringOptions = args.options
    ? optionsFromJson(args.options)
    : await optionsFromConfig(args.config ?? defaultConfig(), args.id)
  const { provider, client, clientInput } = options
  const notify_url = `${provider.store_url.replace(/\/$/, "")}${provider.notify_path}`
  // clientInput passed parseAcquiringOptions' validation of the same schema.
  const report = await runDoctor(clientInput as GatewayClientOptionsInput, {
    // The checkout probe exists in test mode only; live mode never creates an order.
    checkout: args.checkout && client.mode === "test",
    notify_url,
    return_url: provider.default_return_url ?? provider.store_url,
  })
  console.log(args.json ? JSON.stringify(report, null, 2) : formatReport(report).join("\n"))
  process.exitCode = report.ok ? 0 : 1
}

main().catch((err: Error) => {
  console.error(`acquiring-doctor: ${err.message}`)
  process.exitCode = 2
})
