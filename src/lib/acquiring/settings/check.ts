import { runDoctor } from "../../../gateway/doctor"
import type { GatewayClientOptionsInput } from "../../../gateway/options"
import type { EffectiveSettings } from "./effective"

export interface SettingsCheck {
  ok: boolean
  steps: Array<{ name: string; ok: boolean; message: string }>
}

/** The doctor against the entered values; steps carry what the gateway answered, never a key. */
export async function checkSettings(s: EffectiveSettings): Promise<SettingsCheck> {
  const { provider, client, clientInput } = s.options
  try {
    const report = await runDoctor(clientInput as GatewayClientOptionsInput, {
      checkout: client.mode === "test",
      notify_url: `${provider.store_url.replace(/\/$/, "")}${provider.notify_path}`,
      return_url: provider.default_return_url ?? provider.store_url,
    })
    const steps = report.findings.map((f) => ({
      name: f.account_id ? `${f.check} (account ${f.account_id})` : f.check,
      ok: f.ok,
      message: f.saw,
    }))
    return { ok: report.ok, steps }
  } catch (e) {
    return { ok: false, steps: [{ name: "options", ok: false, message: (e as Error).message }] }
  }
}

/**
 * Test and live values mixed: a live account on the test address, or one address serving both modes.
 * Returns why, or null.
 */
export function mixedModes(s: EffectiveSettings): string | null {
  const c = s.options.client
  const test = c.test_base_url ?? null
  const live = c.live_base_url ?? null
  if (test && live && new URL(test).origin === new URL(live).origin)
    return "test_base_url and live_base_url are the same address: test and live values are mixed"
  if (c.mode === "live" && c.base_url && test && new URL(c.base_url).origin === new URL(test).origin)
    return "mode is live but base_url is the test address"
  return null
}
