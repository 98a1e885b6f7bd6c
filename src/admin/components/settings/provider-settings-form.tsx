import { Button, Text } from "@medusajs/ui"
import { useMemo, useState } from "react"
import type { SettingsForm } from "../../lib/settings-api"
import { changedKeys, draftProblems, goesLive, initialDraft, valuesToSave, type Draft } from "../../lib/settings-form"
import { SettingsGroup } from "./settings-group"

interface Props {
  form: SettingsForm
  saving: boolean
  onSave: (values: Record<string, unknown>, live: boolean) => void
}

/** Remounted by version after each save, so it starts afresh. */
export const ProviderSettingsForm = ({ form, saving, onSave }: Props) => {
  const [draft, setDraft] = useState<Draft>(() => initialDraft(form))
  const [tried, setTried] = useState(false)
  const problems = useMemo(() => draftProblems(form, draft), [form, draft])
  const changed = changedKeys(form, draft)
  const idPrefix = `settings-${form.provider_id}`.replace(/[^\w-]/g, "_")
  const shownProblems = tried ? problems : {}

  const submit = () => {
    setTried(true)
    if (Object.keys(problems).length) return
    onSave(valuesToSave(form, draft), goesLive(form, draft))
  }

  return (
    <form
      className="divide-y"
      aria-label={`Settings of ${form.provider_id}`}
      onSubmit={(e) => {
        e.preventDefault()
        submit()
      }}
    >
      {!form.secrets_editable && (
        <Text size="small" className="px-6 py-3 text-ui-fg-subtle" data-testid="secrets-hint">
          Secrets cannot be changed here.{" "}
          {form.secrets_hint ?? "Set ACQUIRING_SETTINGS_KEY in the server's environment and restart it."}
        </Text>
      )}
      {form.groups.map((g) => (
        <SettingsGroup
          key={g.id}
          idPrefix={idPrefix}
          group={g}
          draft={draft}
          problems={shownProblems}
          onChange={(key, value) => setDraft((d) => ({ ...d, [key]: value }))}
        />
      ))}
      <div className="flex items-center justify-between gap-x-4 px-6 py-4">
        <Text size="small" className={tried && Object.keys(problems).length ? "text-ui-fg-error" : "text-ui-fg-subtle"}>
          {tried && Object.keys(problems).length
            ? "Fix the highlighted fields."
            : changed.length
              ? `Changed: ${changed.join(", ")}`
              : `Version ${form.version}, nothing changed`}
        </Text>
        <div className="flex gap-x-2">
          <Button
            size="small"
            variant="secondary"
            type="button"
            disabled={!changed.length || saving}
            onClick={() => {
              setDraft(initialDraft(form))
              setTried(false)
            }}
          >
            Discard
          </Button>
          <Button size="small" type="submit" isLoading={saving} disabled={!changed.length}>
            Save and check
          </Button>
        </div>
      </div>
    </form>
  )
}
