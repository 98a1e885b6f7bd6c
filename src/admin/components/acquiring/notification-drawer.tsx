import type { ReactNode } from "react"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { Button, Drawer, Heading, Text, toast } from "@medusajs/ui"
import { canProcessAgain, getNotification, processAgain, replyMessage } from "../../lib/books-api"
import { VerdictBadge } from "./verdict-badge"

interface Props {
  id: string | null
  onClose: () => void
}

/** Card data was masked before the fields were stored, so none can be shown. */
export const NotificationDrawer = ({ id, onClose }: Props) => {
  const client = useQueryClient()
  const { data, error } = useQuery({
    queryKey: ["acquiring-notification", id],
    queryFn: () => getNotification(id!),
    enabled: !!id,
  })
  const again = useMutation({
    mutationFn: () => processAgain(id!),
    onSuccess: ({ notification: n }) => {
      const notify = n.verdict === "accepted" ? toast.success : toast.warning
      notify(`Processed again: ${n.verdict}`, { description: `Answer ${n.reply_status}, attempt ${n.attempts}` })
      client.setQueryData(["acquiring-notification", id], { notification: n })
      client.invalidateQueries({ queryKey: ["acquiring-notifications"] })
    },
    onError: (e: Error) => toast.error("Could not process it again", { description: e.message }),
  })
  const n = data?.notification
  return (
    <Drawer open={!!id} onOpenChange={(open) => !open && onClose()}>
      <Drawer.Content>
        <Drawer.Header>
          <Drawer.Title asChild>
            <Heading>Notification {n?.order_no ?? ""}</Heading>
          </Drawer.Title>
          <Drawer.Description className="sr-only">
            The stored fields of one notification and our answer
          </Drawer.Description>
        </Drawer.Header>
        <Drawer.Body className="flex flex-col gap-y-4 overflow-y-auto">
          {error && <Text className="text-ui-fg-error">{(error as Error).message}</Text>}
          {n && (
            <>
              <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
                <Row label="Verdict">
                  <VerdictBadge verdict={n.verdict} />
                </Row>
                <Row label="Received">{new Date(n.created_at).toLocaleString()}</Row>
                <Row label="Hook">
                  {n.hook} ({n.dialect} names)
                </Row>
                <Row label="Kind">{n.notify_type ?? "—"}</Row>
                <Row label="Our answer">
                  {n.reply_status} {replyMessage(n.reply_body)}
                </Row>
                <Row label="Changed">{n.changed ?? "nothing"}</Row>
                <Row label="Attempts">{n.attempts}</Row>
              </dl>
              <div>
                <Text size="small" weight="plus" className="mb-2">
                  Fields as received (card data masked)
                </Text>
                <table className="w-full text-sm" aria-label="Fields as received">
                  <tbody>
                    {Object.entries(n.fields).map(([k, v]) => (
                      <tr key={k} className="border-b border-ui-border-base align-top">
                        <td className="py-1 pr-4 font-mono text-ui-fg-subtle">{k}</td>
                        <td className="break-all py-1 font-mono">{v}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </Drawer.Body>
        <Drawer.Footer>
          {n && canProcessAgain(n.verdict) && (
            <Button size="small" isLoading={again.isPending} onClick={() => again.mutate()}>
              Process again
            </Button>
          )}
          <Drawer.Close asChild>
            <Button size="small" variant="secondary">
              Close
            </Button>
          </Drawer.Close>
        </Drawer.Footer>
      </Drawer.Content>
    </Drawer>
  )
}

const Row = ({ label, children }: { label: string; children: ReactNode }) => (
  <>
    <dt className="text-ui-fg-subtle">{label}</dt>
    <dd>{children}</dd>
  </>
)
