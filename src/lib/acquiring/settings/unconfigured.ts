import { createHmac } from "node:crypto"
import { SETTINGS_KEY_ENV } from "./cipher"

type Raw = Record<string, unknown>

/** The address a provider entry without one uses until it is configured (nothing answers there). */
export const UNCONFIGURED_URL = "http://unconfigured.invalid"

/** Inert connection values so the entry boots; the placeholder key seeds the seal key, which outlives key rotation. */
export function withPlaceholders(raw: Raw, env: NodeJS.ProcessEnv = process.env): { raw: Raw; missing: string[] } {
  const missing: string[] = []
  const out: Raw = { ...raw }
  if (out.merchant_id === undefined) {
    missing.push("merchant_id")
    out.merchant_id = "0"
  }
  if (out.accounts === undefined) {
    missing.push("accounts")
    const seed = createHmac("sha256", env[SETTINGS_KEY_ENV] ?? "")
      .update("acquiring/unconfigured")
      .digest("hex")
    out.accounts = [{ account_id: "0", sign_key: seed }]
  }
  const mode = out.mode === "live" ? "live" : "test"
  if (out.base_url === undefined && out[`${mode}_base_url`] === undefined) {
    missing.push(`${mode}_base_url`)
    out[`${mode}_base_url`] = UNCONFIGURED_URL
  }
  return { raw: out, missing }
}
