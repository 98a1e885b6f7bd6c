import { Button, IconButton, Label, Table } from "@medusajs/ui"
import { Trash } from "@medusajs/icons"
import type { FieldDescriptor } from "../../lib/settings-api"
import { newRow, ROW, type Row } from "../../lib/settings-form"
import { SettingInput } from "./setting-input"

interface Props {
  id: string
  field: FieldDescriptor
  value: unknown
  /** Problems by `key.row.item`, as draftProblems names them. */
  problems: Record<string, string>
  onChange: (rows: Row[]) => void
}

export const ListInput = ({ id, field, value, problems, onChange }: Props) => {
  const rows = Array.isArray(value) ? (value as Row[]) : []
  const items = field.item_fields ?? []
  const original = Array.isArray(field.value) ? (field.value as Row[]) : []
  const locked = !!field.locked
  // A list with many columns (the offered methods) scrolls sideways instead of squeezing its inputs.
  const wide = items.length > 5
  const setCell = (i: number, key: string, v: unknown) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, [key]: v } : r)))

  return (
    <div className="flex flex-col gap-y-2" id={id}>
      <div className={wide ? "overflow-x-auto" : undefined}>
        <Table>
          <Table.Header>
            <Table.Row>
              {items.map((f) => (
                <Table.HeaderCell key={f.key}>{f.label}</Table.HeaderCell>
              ))}
              <Table.HeaderCell />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row, i) => (
              <Table.Row key={row[ROW]?.key ?? i}>
                {items.map((f) => {
                  const cellId = `${id}-${i}-${f.key}`
                  return (
                    <Table.Cell key={f.key} className={`py-2 align-top ${wide ? "min-w-[140px]" : ""}`}>
                      <Label htmlFor={cellId} className="sr-only">
                        {`${f.label} ${i + 1}`}
                      </Label>
                      <SettingInput
                        id={cellId}
                        field={locked ? { ...f, locked: field.locked } : f}
                        original={row[ROW]?.origin === undefined ? undefined : original[row[ROW].origin]?.[f.key]}
                        value={row[f.key]}
                        invalid={!!problems[`${field.key}.${i}.${f.key}`]}
                        onChange={(v) => setCell(i, f.key, v)}
                      />
                    </Table.Cell>
                  )
                })}
                <Table.Cell className="w-px">
                  {!locked && (
                    <IconButton
                      size="small"
                      variant="transparent"
                      type="button"
                      aria-label={`Remove row ${i + 1} of ${field.label}`}
                      onClick={() => onChange(rows.filter((_, j) => j !== i))}
                    >
                      <Trash />
                    </IconButton>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      </div>
      {!locked && (
        <Button
          size="small"
          variant="secondary"
          type="button"
          className="self-start"
          onClick={() => onChange([...rows, newRow(field)])}
        >
          Add {field.label.toLowerCase().replace(/s$/, "")}
        </Button>
      )}
    </div>
  )
}
