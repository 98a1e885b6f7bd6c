import { Hint, Label, Text } from "@medusajs/ui"
import type { FieldDescriptor } from "../../lib/settings-api"
import { isPlainList } from "../../lib/settings-form"
import { ListInput } from "./list-input"
import { SettingInput } from "./setting-input"

interface Props {
  idPrefix: string
  field: FieldDescriptor
  value: unknown
  problems: Record<string, string>
  onChange: (value: unknown) => void
}

export const SettingField = ({ idPrefix, field, value, problems, onChange }: Props) => {
  const id = `${idPrefix}-${field.key}`
  const problem = problems[field.key]
  return (
    <div className={`flex flex-col gap-y-1 ${field.kind === "list" && !isPlainList(field) ? "col-span-2" : ""}`}>
      <div className="flex items-center justify-between gap-x-2">
        <Label htmlFor={id} size="small" weight="plus">
          {field.label}
          {field.required && !field.locked ? " *" : ""}
        </Label>
        {field.locked && (
          <Text size="xsmall" className="text-ui-fg-muted" data-locked={field.key}>
            set in {field.locked}
          </Text>
        )}
      </div>
      {field.kind === "list" && !isPlainList(field) ? (
        <ListInput id={id} field={field} value={value} problems={problems} onChange={onChange} />
      ) : (
        <SettingInput
          id={id}
          field={field}
          original={field.value}
          value={value}
          invalid={!!problem}
          onChange={onChange}
        />
      )}
      {field.help && (
        <Text size="xsmall" className="text-ui-fg-subtle">
          {field.help}
          {field.kind === "integer" && (field.min !== undefined || field.max !== undefined)
            ? ` (${field.min ?? "…"}–${field.max ?? "…"})`
            : ""}
        </Text>
      )}
      {problem && <Hint variant="error">{problem}</Hint>}
    </div>
  )
}
