import { Hint, Input, Label } from "@medusajs/ui"

interface Props {
  id: string
  label: string
  value: string
  error?: string
  placeholder?: string
  type?: string
  onChange: (value: string) => void
}

export const FormField = ({ id, label, value, error, placeholder, type = "text", onChange }: Props) => (
  <div className="flex flex-col gap-y-1">
    <Label htmlFor={id} size="small" weight="plus">
      {label}
    </Label>
    <Input
      id={id}
      type={type}
      value={value}
      placeholder={placeholder}
      aria-invalid={!!error}
      onChange={(e) => onChange(e.target.value)}
      autoComplete="off"
    />
    {error && <Hint variant="error">{error}</Hint>}
  </div>
)
