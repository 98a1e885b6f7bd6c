import { Heading, Text } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import { useMemo } from "react"
import { getSettingsForm } from "../../lib/settings-api"
import { CheckSteps } from "./check-steps"
import { ConfirmPrompt } from "./confirm-prompt"
import { ProviderSettingsForm } from "./provider-settings-form"
import { SettingsHistory } from "./settings-history"
import { TestModeBadge } from "./test-mode-badge"
import { settingsKeys, useSettingsActions } from "./use-settings-actions"

export const ProviderSettings = ({ providerId }: { providerId: string }) => {
  const {
    data: form,
    isLoading,
    error,
  } = useQuery({
    queryKey: settingsKeys.form(providerId),
    queryFn: () => getSettingsForm(providerId),
  })
  const actions = useSettingsActions(providerId)
  const fields = useMemo(
    () => new Map((form?.groups ?? []).flatMap((g) => g.fields).map((f) => [f.key, f] as const)),
    [form],
  )
  const q = actions.question

  return (
    <div className="divide-y" data-provider-settings={providerId}>
      <div className="flex items-center gap-x-2 px-6 py-4">
        <Heading level="h2">Settings of {providerId}</Heading>
        {form && <TestModeBadge mode={form.mode} />}
      </div>
      {isLoading && <Text className="px-6 py-4">Loading…</Text>}
      {error && <Text className="px-6 py-4 text-ui-fg-error">{(error as Error).message}</Text>}
      {form && <ProviderSettingsForm key={form.version} form={form} saving={actions.pending} onSave={actions.save} />}
      {actions.error && (
        <Text size="small" className="px-6 py-3 text-ui-fg-error" role="alert">
          Not saved: {actions.error.message}
        </Text>
      )}
      {actions.outcome && (
        <div className="px-6 py-4">
          <CheckSteps
            check={actions.outcome.check}
            title={
              actions.outcome.saved
                ? `Saved as version ${actions.outcome.version}. The check:`
                : `Not saved: ${actions.outcome.message}`
            }
          />
        </div>
      )}
      {form && (
        <SettingsHistory
          providerId={providerId}
          current={form.version}
          fields={fields}
          busy={actions.pending}
          onRestore={actions.restore}
        />
      )}
      <ConfirmPrompt
        open={q?.reason === "live"}
        title="Go live?"
        description="Real cards will be charged. The live values are checked first; the save counts only if the check passes."
        confirm="Go live"
        danger
        onConfirm={actions.confirm}
        onCancel={actions.dismiss}
      />
      <ConfirmPrompt
        open={q?.reason === "anyway"}
        title="The check failed"
        description={
          <>
            {q?.message ?? "The gateway did not accept the entered values."} Save anyway? The history records that the
            check was overridden.
          </>
        }
        confirm="Save anyway"
        danger
        onConfirm={actions.confirm}
        onCancel={actions.dismiss}
      />
    </div>
  )
}
