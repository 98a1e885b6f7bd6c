import type { FieldDescriptor, SettingsForm } from "../lib/settings-api"
import {
  changedKeys,
  draftProblems,
  goesLive,
  initialDraft,
  maskedHint,
  newRow,
  valuesToSave,
} from "../lib/settings-form"

const field = (f: Partial<FieldDescriptor> & Pick<FieldDescriptor, "key" | "kind">): FieldDescriptor => ({
  label: f.key,
  help: "",
  required: false,
  value: null,
  default: null,
  locked: null,
  ...f,
})

const accounts = field({
  key: "accounts",
  kind: "list",
  min: 1,
  value: [{ account: "100000101", sign_key: "••••ey-1", currencies: ["EUR"] }],
  item_fields: [
    field({ key: "account", kind: "string", required: true }),
    field({ key: "sign_key", kind: "secret", required: true }),
    field({ key: "currencies", kind: "list", default: [] }),
  ],
})

const form: SettingsForm = {
  provider_id: "acquiring",
  version: 3,
  mode: "test",
  secrets_editable: true,
  groups: [
    {
      id: "connection",
      title: "Connection",
      fields: [
        field({ key: "mode", kind: "enum", options: ["test", "live"], value: "test", required: true }),
        field({ key: "merchant_id", kind: "string", value: "1000001", locked: "medusa-config.ts" }),
        accounts,
      ],
    },
    {
      id: "reconciliation",
      title: "Notifications and reconciliation",
      fields: [
        field({ key: "reconcile_interval_minutes", kind: "integer", min: 5, max: 1440, value: 15 }),
        field({ key: "notification_retention_days", kind: "integer", default: 90 }),
      ],
    },
  ],
}

describe("admin settings form", () => {
  it("sends every unlocked field set, a secret left alone as the ending it came as, blanks unset", () => {
    const draft = initialDraft(form)
    draft.reconcile_interval_minutes = "30"
    expect(valuesToSave(form, draft)).toEqual({
      mode: "test",
      accounts: [{ account: "100000101", sign_key: "••••ey-1", currencies: ["EUR"] }],
      reconcile_interval_minutes: 30,
    })
    expect(changedKeys(form, draft)).toEqual(["reconcile_interval_minutes"])
    draft.reconcile_interval_minutes = ""
    expect(valuesToSave(form, draft).reconcile_interval_minutes).toBeNull() // cleared: back to the default
  })

  it("splits a typed list of plain values", () => {
    const draft = initialDraft(form)
    const rows = draft.accounts as Array<Record<string, unknown>>
    rows[0].currencies = "EUR, usd,,GBP "
    expect(valuesToSave(form, draft).accounts).toEqual([
      { account: "100000101", sign_key: "••••ey-1", currencies: ["EUR", "usd", "GBP"] },
    ])
    rows[0].currencies = "EUR"
    expect(changedKeys(form, draft)).toEqual([])
  })

  it("never edits the descriptors the server sent", () => {
    const draft = initialDraft(form)
    ;(draft.accounts as Array<Record<string, unknown>>)[0].account = "changed"
    expect((accounts.value as Array<Record<string, unknown>>)[0].account).toBe("100000101")
  })

  it("names each problem by field and row, with the server's limits", () => {
    const draft = initialDraft(form)
    draft.reconcile_interval_minutes = "2"
    draft.accounts = [...(draft.accounts as []), { ...newRow(accounts), account: "" }]
    expect(draftProblems(form, draft)).toEqual({
      reconcile_interval_minutes: "At least 5",
      accounts: "Row 2 needs a fix",
      "accounts.1.account": "Required",
    })
    draft.reconcile_interval_minutes = "7.5"
    expect(draftProblems(form, draft).reconcile_interval_minutes).toBe("Enter a whole number")
    draft.accounts = []
    expect(draftProblems(form, draft).accounts).toBe("At least 1 row")
  })

  it("ignores a locked field's value and asks before going live", () => {
    const draft = initialDraft(form)
    draft.merchant_id = ""
    expect(draftProblems(form, draft)).toEqual({})
    expect(valuesToSave(form, draft)).not.toHaveProperty("merchant_id")
    expect(goesLive(form, draft)).toBe(false)
    draft.mode = "live"
    expect(goesLive(form, draft)).toBe(true)
  })

  it("shows a secret only by its last four characters", () => {
    expect(maskedHint("1234")).toBe("••••1234")
    expect(maskedHint("••••abcd")).toBe("••••abcd")
    expect(maskedHint(null)).toBe("not set")
  })
})
