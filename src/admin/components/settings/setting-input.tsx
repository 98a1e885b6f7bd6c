import { Input, Select, Switch } from "@medusajs/ui"
import type { FieldDescriptor } from "../../lib/settings-api"
import { defaultHint, isPlainList } from "../../lib/settings-form"
import { ImageInput } from "./image-input"
import { SecretInput } from "./secret-input"

export interface InputProps {
  id: string
  field: FieldDescriptor
  /** The value the server sent (a secret's ending). */
  original: unknown
  value: unknown
  invalid: boolean
  onChange: (value: unknown) => void
}

export const SettingInput = ({ id, field, original, value, invalid, onChange }: InputProps) => {
  const disabled = !!field.locked
  const placeholder = defaultHint(field)
  switch (field.kind) {
    case "boolean":
      return (
        <Switch
          id={id}
          checked={(value ?? field.default) === true}
          disabled={disabled}
          onCheckedChange={(on) => onChange(on)}
        />
      )
    case "enum":
      return (
        <Select value={typeof value === "string" ? value : undefined} disabled={disabled} onValueChange={onChange}>
          <Select.Trigger id={id} aria-invalid={invalid}>
            <Select.Value placeholder={placeholder ?? "Choose…"} />
          </Select.Trigger>
          <Select.Content>
            {(field.options ?? []).map((o) => (
              <Select.Item key={o} value={o}>
                {o.replace(/_/g, " ")}
              </Select.Item>
            ))}
          </Select.Content>
        </Select>
      )
    case "image":
      return <ImageInput id={id} value={value} disabled={disabled} invalid={invalid} onChange={onChange} />
    case "secret":
      return (
        <SecretInput
          id={id}
          original={original}
          value={value}
          disabled={disabled}
          invalid={invalid}
          onChange={onChange}
        />
      )
    default:
      return (
        <Input
          id={id}
          placeholder={isPlainList(field) ? (placeholder ?? "comma-separated") : placeholder}
          type={field.kind === "integer" ? "number" : field.kind === "url" ? "url" : "text"}
          min={field.kind === "integer" ? field.min : undefined}
          max={field.kind === "integer" ? field.max : undefined}
          value={value === null || value === undefined ? "" : Array.isArray(value) ? value.join(", ") : String(value)}
          readOnly={disabled}
          disabled={disabled}
          aria-invalid={invalid}
          autoComplete="off"
          onChange={(e) => onChange(e.target.value)}
        />
      )
  }
}
