import { Button, Input, Text } from "@medusajs/ui"
import { useState } from "react"
import { maskedHint } from "../../lib/settings-form"

interface Props {
  id: string
  /** The ending the server sent (a new row's secret starts empty). */
  original: unknown
  value: unknown
  disabled: boolean
  invalid: boolean
  onChange: (value: unknown) => void
}

/** Write-only: "Keep" puts the ending back, which the server reads as "unchanged". */
export const SecretInput = ({ id, original, value, disabled, invalid, onChange }: Props) => {
  const stored = typeof original === "string" && original !== ""
  const [editing, setEditing] = useState(!stored)
  if (!editing)
    return (
      <div className="flex items-center gap-x-2">
        <Input id={id} type="password" value="" placeholder={maskedHint(original)} readOnly disabled />
        {!disabled && (
          <Button
            size="small"
            variant="secondary"
            type="button"
            onClick={() => {
              setEditing(true)
              onChange("")
            }}
          >
            Change
          </Button>
        )}
      </div>
    )
  return (
    <div className="flex items-center gap-x-2">
      <Input
        id={id}
        type="password"
        autoComplete="new-password"
        value={typeof value === "string" ? value : ""}
        placeholder={stored ? "New value" : "Not set"}
        aria-invalid={invalid}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      />
      {stored ? (
        <Button
          size="small"
          variant="transparent"
          type="button"
          onClick={() => {
            setEditing(false)
            onChange(original)
          }}
        >
          Keep
        </Button>
      ) : (
        <Text size="xsmall" className="text-ui-fg-muted whitespace-nowrap">
          write-only
        </Text>
      )}
    </div>
  )
}
