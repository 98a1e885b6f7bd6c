import { Prompt } from "@medusajs/ui"
import type { ReactNode } from "react"

interface Props {
  open: boolean
  title: string
  description: ReactNode
  confirm: string
  danger?: boolean
  onConfirm: () => void
  onCancel: () => void
}

/** Radix needs the Title and Description for screen readers. */
export const ConfirmPrompt = ({ open, title, description, confirm, danger, onConfirm, onCancel }: Props) => (
  <Prompt open={open} onOpenChange={(o) => !o && onCancel()} variant={danger ? "danger" : "confirmation"}>
    <Prompt.Content>
      <Prompt.Header>
        <Prompt.Title>{title}</Prompt.Title>
        <Prompt.Description asChild>
          <div>{description}</div>
        </Prompt.Description>
      </Prompt.Header>
      <Prompt.Footer>
        <Prompt.Cancel onClick={onCancel}>Cancel</Prompt.Cancel>
        <Prompt.Action onClick={onConfirm}>{confirm}</Prompt.Action>
      </Prompt.Footer>
    </Prompt.Content>
  </Prompt>
)
