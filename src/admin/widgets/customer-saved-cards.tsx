import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminCustomer, DetailWidgetProps } from "@medusajs/framework/types"
import { Button, Container, Heading, Text, toast, usePrompt } from "@medusajs/ui"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { deleteCustomerSavedCard, expiryOf, listCustomerSavedCards, type AdminSavedCard } from "../lib/saved-cards-api"

const BRANDS: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  maestro: "Maestro",
  amex: "American Express",
  jcb: "JCB",
  diners: "Diners Club",
}
const brandName = (b: string) => (Object.prototype.hasOwnProperty.call(BRANDS, b) ? BRANDS[b] : "Card")
const masked = (c: AdminSavedCard) => `${brandName(c.brand)} •••• ${c.last4}`

/** Customer details: the cards this customer saved with the acquiring gateway (masked), each deletable. */
const CustomerSavedCards = ({ data: customer }: DetailWidgetProps<AdminCustomer>) => {
  const client = useQueryClient()
  const prompt = usePrompt()
  const key = ["acquiring-saved-cards", customer.id]
  const { data, isLoading, error } = useQuery({ queryKey: key, queryFn: () => listCustomerSavedCards(customer.id) })
  const remove = useMutation({
    mutationFn: (card: AdminSavedCard) => deleteCustomerSavedCard(customer.id, card.id),
    onSuccess: () => {
      toast.success("Saved card deleted")
      client.invalidateQueries({ queryKey: key })
    },
    onError: (e: Error) => toast.error("Could not delete the card", { description: e.message }),
  })
  const confirmDelete = async (card: AdminSavedCard) => {
    const yes = await prompt({
      title: "Delete this saved card?",
      description: `${masked(card)} (expires ${expiryOf(card)}) will no longer be offered to ${customer.email} at checkout. This cannot be undone.`,
      confirmText: "Delete",
      cancelText: "Cancel",
    })
    if (yes) remove.mutate(card)
  }

  if (isLoading) return null
  return (
    <Container className="divide-y p-0" data-testid="acquiring-saved-cards">
      <div className="px-6 py-4">
        <Heading level="h2">Saved cards</Heading>
      </div>
      {error ? (
        <Text size="small" className="px-6 py-4 text-ui-fg-error">
          Saved cards could not be read: {(error as Error).message}
        </Text>
      ) : !data?.saved_cards.length ? (
        <Text size="small" className="px-6 py-4 text-ui-fg-subtle">
          No saved cards.
        </Text>
      ) : (
        data.saved_cards.map((card) => (
          <div key={card.id} className="flex items-center justify-between gap-x-4 px-6 py-3">
            <div className="flex flex-col">
              <Text size="small" weight="plus">
                {masked(card)}
              </Text>
              <Text size="small" className="text-ui-fg-subtle">
                Expires {expiryOf(card)} · saved {new Date(card.created_at).toLocaleDateString()}
              </Text>
            </div>
            <Button
              size="small"
              variant="danger"
              isLoading={remove.isPending && remove.variables?.id === card.id}
              onClick={() => confirmDelete(card)}
            >
              Delete
            </Button>
          </div>
        ))
      )}
    </Container>
  )
}

export const config = defineWidgetConfig({ zone: "customer.details.after" })

export default CustomerSavedCards
