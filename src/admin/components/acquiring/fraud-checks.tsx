import { StatusBadge, Text } from "@medusajs/ui"

export const FraudChecks = ({ checks }: { checks: Array<{ check_items: string; status: string }> }) => {
  if (!checks.length)
    return (
      <Text size="small" className="text-ui-fg-subtle">
        No fraud checks reported
      </Text>
    )
  return (
    <ul className="flex flex-col gap-y-1">
      {checks.map((c, i) => (
        <li key={i} className="flex items-center justify-between gap-x-2">
          <Text size="small">{c.check_items}</Text>
          <StatusBadge color={c.status === "ACCEPT" ? "green" : c.status === "REJECT" ? "red" : "grey"}>
            {c.status}
          </StatusBadge>
        </li>
      ))}
    </ul>
  )
}
