import { runDoctor, type DoctorReport } from "../../../../gateway/doctor"
import type { GatewayClientOptionsInput } from "../../../../gateway/options"
import type { AcquiringProviderConfig } from "../../../../lib/acquiring/config"

export interface AccountCheck {
  config_id: string
  account_id: string
  ok: boolean
  ms: number
  error?: { kind: "doctor"; code: null; message: string }
}

export interface ConfigDiagnosis extends Omit<DoctorReport, "calls"> {
  config_id: string
  /** Whether the checkout probe ran (asked for, and in test mode). */
  checkout: boolean
}

/** The gateway doctor for one provider config; findings never carry a key. */
export async function diagnose(
  c: AcquiringProviderConfig,
  askCheckout: boolean,
): Promise<{ diagnosis: ConfigDiagnosis; accounts: AccountCheck[] }> {
  const { provider, client, clientInput } = c.options
  const checkout = askCheckout && client.mode === "test"
  const started = Date.now()
  const report = await runDoctor(clientInput as GatewayClientOptionsInput, {
    checkout,
    notify_url: `${provider.store_url.replace(/\/$/, "")}${provider.notify_path}`,
    return_url: provider.default_return_url ?? provider.store_url,
  })
  const ms = Date.now() - started
  const accounts = client.accounts.map(({ account_id }): AccountCheck => {
    const finding = report.findings.find((f) => f.check === "credentials" && f.account_id === account_id)
    const saw = finding?.saw ?? report.findings.find((f) => f.check === "credentials" && !f.account_id)?.saw
    if (finding?.ok) return { config_id: c.config_id, account_id, ok: true, ms }
    return {
      config_id: c.config_id,
      account_id,
      ok: false,
      ms,
      error: { kind: "doctor", code: null, message: saw ?? "not probed" },
    }
  })
  const { calls: _calls, ...rest } = report
  return { diagnosis: { config_id: c.config_id, checkout, ...rest }, accounts }
}
