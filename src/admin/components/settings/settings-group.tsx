import { Heading } from "@medusajs/ui"
import type { SettingsForm } from "../../lib/settings-api"
import type { Draft } from "../../lib/settings-form"
import { SettingField } from "./setting-field"

interface Props {
  idPrefix: string
  group: SettingsForm["groups"][number]
  draft: Draft
  problems: Record<string, string>
  onChange: (key: string, value: unknown) => void
}

export const SettingsGroup = ({ idPrefix, group, draft, problems, onChange }: Props) => (
  <section className="flex flex-col gap-y-3 px-6 py-4" aria-labelledby={`${idPrefix}-group-${group.id}`}>
    <Heading level="h3" id={`${idPrefix}-group-${group.id}`}>
      {group.title}
    </Heading>
    <div className="grid grid-cols-2 gap-4">
      {group.fields.map((f) => (
        <SettingField
          key={f.key}
          idPrefix={idPrefix}
          field={f}
          value={draft[f.key]}
          problems={problems}
          onChange={(v) => onChange(f.key, v)}
        />
      ))}
    </div>
  </section>
)
