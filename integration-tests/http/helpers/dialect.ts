import type { Sandbox, SandboxOptionsInput } from "../../../src/sandbox"

/**
 * The dialect the Medusa HTTP specs play the gateway in: `documented` (integration:http) or the engine's
 * `legacy` (integration:http:legacy, where jest.config.js sets ACQ_SANDBOX_DIALECT=legacy): legacy
 * notification names and lower-case signatures, unknown orders as query_result 2 entries, payout
 * amounts in minor units (src/sandbox/dialect.ts). The specs themselves do not change; a spec that
 * asserts a dialect's own wire form reads SANDBOX_DIALECT.
 */
export type SandboxDialect = "documented" | "legacy"

function dialectFromEnv(value = process.env.ACQ_SANDBOX_DIALECT): SandboxDialect {
  if (!value || value === "documented") return "documented"
  if (value === "legacy") return "legacy"
  throw new Error(`ACQ_SANDBOX_DIALECT must be documented or legacy, got ${value}`)
}

export const SANDBOX_DIALECT: SandboxDialect = dialectFromEnv()

/** The sandbox options of this run's dialect; a spec's own options are spread over them. */
export const dialectSandboxOptions = (): Pick<SandboxOptionsInput, "dialect"> => ({ dialect: SANDBOX_DIALECT })

/**
 * The plugin options a merchant sets for the gateway this sandbox plays (what the doctor would print):
 * only the readings the wire cannot show. Taken from the running sandbox's resolved dialect, so the
 * plugin always matches it, whatever the preset's defaults.
 */
export function dialectPluginOptions(sandbox: Sandbox): { payouts: { amount_unit: "minor" | "major" } } {
  return { payouts: { amount_unit: sandbox.dialect.readings.payout_amounts } }
}
