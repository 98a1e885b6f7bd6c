import { Button, Input, Text } from "@medusajs/ui"
import { useRef, useState } from "react"
import { uploadLogo } from "../../lib/settings-api"

interface Props {
  id: string
  value: unknown
  disabled: boolean
  invalid: boolean
  onChange: (value: unknown) => void
}

/** An image's address, typed or set by uploading one (PNG, JPEG or WebP; the server refuses others). */
export const ImageInput = ({ id, value, disabled, invalid, onChange }: Props) => {
  const file = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const url = typeof value === "string" ? value : ""
  const upload = async (f: File) => {
    setBusy(true)
    setError(null)
    try {
      onChange(await uploadLogo(id, f))
    } catch (e) {
      setError((e as Error).message)
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="flex min-w-[220px] flex-col gap-y-1">
      <div className="flex items-center gap-x-2">
        {url && <img src={url} alt="" className="h-6 w-6 shrink-0 rounded object-contain" />}
        <Input
          id={id}
          type="url"
          placeholder="shipped logo"
          value={url}
          disabled={disabled}
          aria-invalid={invalid}
          autoComplete="off"
          onChange={(e) => onChange(e.target.value)}
        />
        {!disabled && (
          <Button size="small" variant="secondary" type="button" isLoading={busy} onClick={() => file.current?.click()}>
            Upload
          </Button>
        )}
        <input
          ref={file}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          className="hidden"
          data-testid={`${id}-file`}
          onChange={(e) => e.target.files?.[0] && upload(e.target.files[0])}
        />
      </div>
      {error && (
        <Text size="xsmall" className="text-ui-fg-error">
          {error}
        </Text>
      )}
    </div>
  )
}
