import { Badge } from "@medusajs/ui"

const COLOR = { accepted: "green", refused: "red", failed: "orange" } as const

/** accepted (answered 2xx), refused (4xx: the gateway stops), failed (5xx: the gateway retries). */
export const VerdictBadge = ({ verdict }: { verdict: string }) => (
  <Badge size="2xsmall" color={COLOR[verdict as keyof typeof COLOR] ?? "grey"}>
    {verdict}
  </Badge>
)
