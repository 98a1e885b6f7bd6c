import { useState, type FormEvent, type ReactNode } from "react"
import { Button, Input, Label, Select } from "@medusajs/ui"
import { EMPTY_SEARCH, KINDS, VERDICTS, type NotificationSearch } from "../../lib/books-api"

const ANY = "any"

interface Props {
  initial: NotificationSearch
  onSearch: (s: NotificationSearch) => void
}

/** Applied on Search, not on every key. */
export const NotificationSearchForm = ({ initial, onSearch }: Props) => {
  const [s, setS] = useState<NotificationSearch>(initial)
  const set = (k: keyof NotificationSearch) => (v: string) => setS((prev) => ({ ...prev, [k]: v === ANY ? "" : v }))
  const submit = (e: FormEvent) => {
    e.preventDefault()
    onSearch(s)
  }
  return (
    <form className="flex flex-wrap items-end gap-x-3 gap-y-2 px-6 py-4" onSubmit={submit}>
      <Field id="ntf-order" label="Order number">
        <Input
          id="ntf-order"
          size="small"
          className="w-56"
          placeholder="Any part of it"
          value={s.order_no}
          onChange={(e) => set("order_no")(e.target.value)}
        />
      </Field>
      <Field id="ntf-kind" label="Kind">
        <Choice id="ntf-kind" value={s.notify_type} options={KINDS} onChange={set("notify_type")} />
      </Field>
      <Field id="ntf-verdict" label="Verdict">
        <Choice id="ntf-verdict" value={s.verdict} options={VERDICTS} onChange={set("verdict")} />
      </Field>
      <Field id="ntf-after" label="Received on or after">
        <Input id="ntf-after" size="small" type="date" value={s.after} onChange={(e) => set("after")(e.target.value)} />
      </Field>
      <Field id="ntf-before" label="Received on or before">
        <Input
          id="ntf-before"
          size="small"
          type="date"
          value={s.before}
          onChange={(e) => set("before")(e.target.value)}
        />
      </Field>
      <Button size="small" type="submit">
        Search
      </Button>
      <Button
        size="small"
        type="button"
        variant="transparent"
        onClick={() => {
          setS(EMPTY_SEARCH)
          onSearch(EMPTY_SEARCH)
        }}
      >
        Clear
      </Button>
    </form>
  )
}

const Field = ({ id, label, children }: { id: string; label: string; children: ReactNode }) => (
  <div className="flex flex-col gap-y-1">
    <Label htmlFor={id} size="xsmall" className="text-ui-fg-subtle">
      {label}
    </Label>
    {children}
  </div>
)

const Choice = (p: { id: string; value: string; options: readonly string[]; onChange: (v: string) => void }) => (
  <Select size="small" value={p.value || ANY} onValueChange={p.onChange}>
    <Select.Trigger id={p.id} className="w-36">
      <Select.Value />
    </Select.Trigger>
    <Select.Content>
      <Select.Item value={ANY}>Any</Select.Item>
      {p.options.map((o) => (
        <Select.Item key={o} value={o}>
          {o}
        </Select.Item>
      ))}
    </Select.Content>
  </Select>
)
