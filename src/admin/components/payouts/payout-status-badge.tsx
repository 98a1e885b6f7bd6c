import { StatusBadge } from "@medusajs/ui"

const COLORS = { pending: "orange", processing: "blue", completed: "green", failed: "red" } as const

export const PayoutStatusBadge = ({ status }: { status: string }) => (
  <StatusBadge color={COLORS[status as keyof typeof COLORS] ?? "grey"}>{status}</StatusBadge>
)
