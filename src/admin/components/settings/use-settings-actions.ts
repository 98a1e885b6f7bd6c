import { toast } from "@medusajs/ui"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { restoreSettings, saveSettings, type SaveOutcome } from "../../lib/settings-api"

export type Attempt =
  { kind: "save"; values: Record<string, unknown>; confirm_live?: true } | { kind: "restore"; version: number }

export interface Question {
  reason: "live" | "anyway"
  attempt: Attempt
  message?: string
}

export const settingsKeys = {
  form: (providerId: string) => ["acquiring-settings-form", providerId],
  history: (providerId: string) => ["acquiring-settings-history", providerId],
  list: ["acquiring-settings"],
}

/** A refused check becomes the "save anyway" question; going live asks first. */
export function useSettingsActions(providerId: string) {
  const client = useQueryClient()
  const [outcome, setOutcome] = useState<SaveOutcome | null>(null)
  const [question, setQuestion] = useState<Question | null>(null)
  const send = useMutation({
    mutationFn: ({ attempt, anyway }: { attempt: Attempt; anyway?: boolean }) => {
      const save_anyway = anyway ? true : undefined
      return attempt.kind === "save"
        ? saveSettings(providerId, { values: attempt.values, confirm_live: attempt.confirm_live, save_anyway })
        : restoreSettings(providerId, { version: attempt.version, save_anyway })
    },
    onSuccess: (result, { attempt }) => {
      setOutcome(result)
      // Going live needs a passing check: no "save anyway" then, only the reasons.
      const live = attempt.kind === "save" && attempt.confirm_live
      if (!result.saved) return live ? undefined : setQuestion({ reason: "anyway", attempt, message: result.message })
      toast.success(`Saved as version ${result.version}`)
      for (const key of [settingsKeys.form(providerId), settingsKeys.history(providerId), settingsKeys.list])
        client.invalidateQueries({ queryKey: key })
    },
    onError: (e: Error) => {
      setOutcome(null)
      toast.error("Not saved", { description: e.message })
    },
  })

  return {
    outcome,
    question,
    pending: send.isPending,
    error: send.error as Error | null,
    save(values: Record<string, unknown>, live: boolean) {
      if (live) return setQuestion({ reason: "live", attempt: { kind: "save", values, confirm_live: true } })
      send.mutate({ attempt: { kind: "save", values } })
    },
    restore(version: number) {
      send.mutate({ attempt: { kind: "restore", version } })
    },
    confirm() {
      if (!question) return
      setQuestion(null)
      send.mutate({ attempt: question.attempt, anyway: question.reason === "anyway" })
    },
    dismiss: () => setQuestion(null),
  }
}
