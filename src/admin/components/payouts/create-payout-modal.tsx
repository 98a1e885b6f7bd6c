import { useState } from "react"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { Button, FocusModal, Heading, Text, toast } from "@medusajs/ui"
import { createPayout, type AdminPayout } from "../../lib/payouts-api"
import {
  emptyForm,
  errorsFromServer,
  fieldErrorsFromMessage,
  newRequestId,
  toRequestBody,
  validateForm,
  type FormKey,
  type FormState,
} from "../../lib/payout-form"
import { FormField } from "./form-field"

const SECTIONS: Array<{ title: string; fields: Array<[FormKey, string, string?]> }> = [
  {
    title: "Payment",
    fields: [
      ["payment_amount", "Amount", "100.00"],
      ["payment_currency", "Currency", "EUR"],
      ["payment_method", "Payment method", "SWIFT"],
      ["payment_date", "Payment date", "YYYY-MM-DD"],
      ["fee_paid_by", "Fee paid by", "PAYER"],
      ["reference", "Reference"],
      ["reason", "Reason"],
    ],
  },
  {
    title: "Beneficiary",
    fields: [
      ["entity_type", "Entity type", "COMPANY"],
      ["company_name", "Company name"],
      ["first_name", "First name"],
      ["last_name", "Last name"],
      ["country_code", "Country", "DE"],
    ],
  },
  {
    title: "Bank account (sent to the gateway, never stored)",
    fields: [
      ["account_name", "Account name"],
      ["iban", "IBAN"],
      ["account_number", "Account number"],
      ["swift_code", "SWIFT / BIC"],
      ["bank_name", "Bank name"],
      ["bank_country_code", "Bank country", "DE"],
      ["account_currency", "Account currency", "EUR"],
    ],
  },
]

/** One request_id per form: a resubmission after an error or timeout reuses it, so nothing is paid twice. */
export const CreatePayoutModal = ({ onCreated }: { onCreated: (p: AdminPayout) => void }) => {
  const [open, setOpen] = useState(false)
  const [form, setForm] = useState<FormState>(emptyForm)
  const [requestId, setRequestId] = useState(() => newRequestId())
  const [errors, setErrors] = useState<Partial<Record<FormKey, string>>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const queryClient = useQueryClient()

  const mutation = useMutation({
    mutationFn: () => createPayout(toRequestBody(form, requestId)),
    onSuccess: (payout) => {
      queryClient.invalidateQueries({ queryKey: ["acquiring-payouts"] })
      toast.success(`Payout ${payout.status}`, { description: payout.failure_reason ?? payout.request_id })
      setForm(emptyForm())
      setRequestId(newRequestId())
      setOpen(false)
      onCreated(payout)
    },
    onError: (e: Error) => {
      const byField = errorsFromServer(fieldErrorsFromMessage(e.message))
      setErrors(byField)
      setFormError(e.message)
    },
  })

  const submit = () => {
    const found = validateForm(form, requestId)
    setErrors(found)
    setFormError(Object.keys(found).length ? "Fix the highlighted fields." : null)
    if (!Object.keys(found).length) mutation.mutate()
  }
  const set = (key: FormKey) => (value: string) => setForm((f) => ({ ...f, [key]: value }))

  return (
    <FocusModal open={open} onOpenChange={setOpen}>
      <FocusModal.Trigger asChild>
        <Button size="small" variant="secondary">
          Create payout
        </Button>
      </FocusModal.Trigger>
      <FocusModal.Content>
        <FocusModal.Header>
          <Button size="small" onClick={submit} isLoading={mutation.isPending}>
            Send payout
          </Button>
        </FocusModal.Header>
        <FocusModal.Body className="flex flex-col items-center overflow-y-auto py-8">
          <div className="flex w-full max-w-2xl flex-col gap-y-6">
            {/* Radix needs the dialog's title and description for screen readers (it logs an error without them). */}
            <FocusModal.Title asChild>
              <Heading>Create payout</Heading>
            </FocusModal.Title>
            <FocusModal.Description asChild>
              <Text size="small" className="text-ui-fg-subtle">
                Request id {requestId}
              </Text>
            </FocusModal.Description>
            {formError && <Text className="text-ui-fg-error">{formError}</Text>}
            {SECTIONS.map((section) => (
              <div key={section.title} className="flex flex-col gap-y-3">
                <Heading level="h3">{section.title}</Heading>
                <div className="grid grid-cols-2 gap-4">
                  {section.fields.map(([key, label, placeholder]) => (
                    <FormField
                      key={key}
                      id={`payout-${key}`}
                      label={label}
                      placeholder={placeholder}
                      value={form[key]}
                      error={errors[key]}
                      onChange={set(key)}
                    />
                  ))}
                </div>
              </div>
            ))}
          </div>
        </FocusModal.Body>
      </FocusModal.Content>
    </FocusModal>
  )
}
